import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Response } from 'supertest';

type Json = Record<string, unknown>;
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Json }> }> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Checks every answer the HTTP suite receives against `/api/openapi.json` (JSON Schema 2020-12,
 * as OpenAPI 3.1 uses, with ajv): the status must be one the operation declares, and a JSON body
 * must match that status's schema. A mismatch fails the test that made the request.
 */
export class OpenApiResponseValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: { method: string; template: string; regex: RegExp; literal: number }[] = [];

  constructor(private readonly doc: Json) {
    addFormats.default(this.ajv);
    this.ajv.addSchema(doc, 'openapi.json');
    for (const [template, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      const regex = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);
      const literal = template.replace(/\{\w+\}/g, '').length;
      for (const method of METHODS) if (item[method]) this.templates.push({ method, template, regex, literal });
    }
    // The most specific template wins (`/courses/{id}/public` over `/courses/{id}`, literals over parameters).
    this.templates.sort((a, b) => b.literal - a.literal);
  }

  private operationOf(method: string, path: string): { template: string; op: Operation } | null {
    const found = this.templates.find((t) => t.method === method && t.regex.test(path));
    if (!found) return null;
    return { template: found.template, op: (this.doc.paths as Record<string, Record<string, Operation>>)[found.template]![method]! };
  }

  private validatorFor(template: string, method: string, status: string, mediaType: string): ValidateFunction {
    const key = `${method} ${template} ${status} ${mediaType}`;
    let v = this.compiled.get(key);
    if (!v) {
      const pointer = ['paths', template, method, 'responses', status, 'content', mediaType, 'schema']
        .map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1'))
        .join('/');
      v = this.ajv.compile({ $ref: `openapi.json#/${pointer}` });
      this.compiled.set(key, v);
    }
    return v;
  }

  /** Throws (failing the supertest assertion chain) when the answer does not match the document. */
  check(method: string, url: string, res: Response): void {
    method = method.toLowerCase();
    if (!(METHODS as readonly string[]).includes(method)) return;
    const path = new URL(url, 'http://x').pathname;
    const where = `${method.toUpperCase()} ${path} → ${res.status}`;
    const type = String(res.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    const found = this.operationOf(method, path);
    if (!found) {
      // Unknown routes answer the error envelope (404/405), which is all that can be said of them.
      if ((res.status === 404 || res.status === 405) && type === 'application/json' && (res.body as Json)?.success === false) return;
      throw new Error(`OpenAPI: ${where}: no operation in the document`);
    }
    const declared = found.op.responses?.[String(res.status)];
    if (!declared)
      throw new Error(
        `OpenAPI: ${where}: status not declared by ${method.toUpperCase()} ${found.template} (declared: ${Object.keys(found.op.responses ?? {}).join(', ')})`,
      );
    const media = Object.keys(declared.content ?? {});
    if (media.length === 0) return;
    const mediaType =
      media.find((m) => m === type) ?? media.find((m) => m.split('/')[0] === '*' || (m.endsWith('/*') && type.startsWith(m.slice(0, -1))));
    if (!mediaType) throw new Error(`OpenAPI: ${where}: content type ${type || '(none)'} not declared (declared: ${media.join(', ')})`);
    if (mediaType !== 'application/json') return;
    const body: unknown = Buffer.isBuffer(res.body) ? JSON.parse(res.body.toString('utf8')) : res.body;
    const validate = this.validatorFor(found.template, method, String(res.status), mediaType);
    if (!validate(body)) {
      const errors = (validate.errors ?? [])
        .slice(0, 8)
        .map(
          (e) =>
            `${e.instancePath || '(root)'} ${e.message ?? ''}${
              e.params && 'additionalProperty' in e.params ? ` ` + `(${String(e.params.additionalProperty)})` : ''
            }`,
        );
      throw new Error(
        `OpenAPI: ${where}: the answer does not match ${method.toUpperCase()} ${found.template}: ${errors.join('; ')}\n${JSON.stringify(body).slice(0, 600)}`,
      );
    }
  }
}
