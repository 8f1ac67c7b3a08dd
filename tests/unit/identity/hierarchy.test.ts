import { expect } from 'chai';
import { canAssignRole, canModify, checkUserChange } from '../../../domain/identity/hierarchy.js';
import { Role } from '../../../domain/identity/role.js';

describe('domain: role hierarchy', () => {
  it('lets a user modify only lower roles, and nobody a Super Admin', () => {
    expect(canModify(Role.Admin, Role.Mentor)).to.equal(null);
    expect(canModify(Role.Admin, Role.Admin)).to.equal('TARGET_NOT_LOWER');
    expect(canModify(Role.Mentor, Role.Admin)).to.equal('TARGET_NOT_LOWER');
    expect(canModify(Role.SuperAdmin, Role.Admin)).to.equal(null);
    expect(canModify(Role.SuperAdmin, Role.SuperAdmin)).to.equal('TARGET_IS_SUPER_ADMIN');
    expect(canModify(Role.Admin, Role.SuperAdmin)).to.equal('TARGET_IS_SUPER_ADMIN');
  });

  it("refuses raising anyone to the actor's level or above", () => {
    expect(canAssignRole(Role.Admin, Role.Mentor)).to.equal(null);
    expect(canAssignRole(Role.Admin, Role.Admin)).to.equal('ROLE_NOT_BELOW_ACTOR');
    expect(canAssignRole(Role.Admin, Role.SuperAdmin)).to.equal('ROLE_NOT_BELOW_ACTOR');
    expect(canAssignRole(Role.SuperAdmin, Role.Admin)).to.equal(null);
    expect(canAssignRole(Role.SuperAdmin, Role.SuperAdmin)).to.equal('ROLE_NOT_BELOW_ACTOR');
  });

  it('combines both checks for a change', () => {
    expect(checkUserChange(Role.Admin, Role.Student, Role.Mentor)).to.equal(null);
    expect(checkUserChange(Role.Admin, Role.Student, Role.Admin)).to.equal('ROLE_NOT_BELOW_ACTOR');
    expect(checkUserChange(Role.Admin, Role.Admin, Role.Student)).to.equal('TARGET_NOT_LOWER');
    expect(checkUserChange(Role.Admin, Role.Student)).to.equal(null);
  });
});
