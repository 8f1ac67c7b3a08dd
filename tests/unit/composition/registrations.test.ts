import { expect } from 'chai';
import { asValue, createContainer, InjectionMode } from 'awilix';
import type { AppModule } from '../../../composition/app-module.js';
import { factories, registerModules } from '../../../composition/registrations.js';
import { appModules } from '../../../composition/modules/index.js';
import { testConfig } from '../../support/harness.js';

const module = (name: string, names: string[], overrides?: string[]): AppModule => ({
  name,
  registrations: () => Object.fromEntries(names.map((n) => [n, asValue(`${name}:${n}`)])),
  routes: [],
  ...(overrides ? { overrides } : {}),
});
const container = () => createContainer({ injectionMode: InjectionMode.PROXY, strict: true });
const config = testConfig();

describe('composition: registrations', () => {
  it('fails start-up on a name two modules register, naming it and both modules', () => {
    const c = container();
    expect(() =>
      registerModules(c, [module('learning', ['quizGate', 'listCourses']), module('assessment', ['quizGate'])], config),
    ).to.throw(/"quizGate" is registered by both learning and assessment/);
  });

  it('fails on a module registering a core name again', () => {
    expect(() => registerModules(container(), [module('crm', ['clock'])], config, new Map([['clock', 'the core']]))).to.throw(
      /"clock" is registered by both the core and crm/,
    );
  });

  it('lets a later module replace a name it lists in its overrides', () => {
    const c = container();
    registerModules(
      c,
      [module('learning', ['quizGate', 'listCourses']), module('assessment', ['quizGate', 'createQuiz'], ['quizGate'])],
      config,
    );
    expect(c.resolve('quizGate')).to.equal('assessment:quizGate');
    expect(c.resolve('listCourses')).to.equal('learning:listCourses');
  });

  it('fails on an override of a name nobody registered before, or that the module does not register', () => {
    expect(() =>
      registerModules(container(), [module('learning', ['a']), module('assessment', ['quizGate'], ['quizGate'])], config),
    ).to.throw(/assessment overrides "quizGate", which no earlier module registers/);
    expect(() =>
      registerModules(container(), [module('learning', ['quizGate']), module('assessment', ['b'], ['quizGate'])], config),
    ).to.throw(/assessment overrides "quizGate" but does not register it/);
  });

  it("registers the service's modules: every name registered twice is a declared override", () => {
    const c = container();
    registerModules(c, appModules, config);
    expect(c.hasRegistration('listCourses')).to.equal(true);
    // The replaced defaults are the later modules' (assessment's quiz gate, CRM's user events).
    expect(c.getRegistration('courseQuizRequirements')).to.not.equal(null);
    expect(appModules.flatMap((m) => m.overrides ?? [])).to.include.members(['courseQuizRequirements', 'userEvents', 'paymentEvents']);
  });

  it('turns a table of factories into singletons under the same names', () => {
    let built = 0;
    const c = container();
    c.register({ n: asValue(2), ...factories({ double: ({ n }: { n: number }) => (built++, n * 2) }) });
    expect(c.resolve('double')).to.equal(4);
    expect(c.resolve('double')).to.equal(4);
    expect(built).to.equal(1);
  });
});
