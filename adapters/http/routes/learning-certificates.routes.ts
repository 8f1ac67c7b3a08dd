import { z } from 'zod';
import { certificateVerificationView, certificateView, templateView } from '../wire/learning.present.js';
import { ORIENTATIONS } from '../../../domain/learning/certificate.js';
import { Role } from '../../../domain/identity/role.js';
import { reply } from '../kit/envelope.js';
import { unwrap, errorsFrom } from '../kit/errors.js';
import { acknowledgement, idParam, pageQuery, pageView, requiredText, toPageRequest } from '../kit/schemas.js';
import * as wire from '../wire/learning.wire.js';
import type { RouteModule } from '../kit/route-table.js';
import { removeById, sendAttachment, sendRaw } from './route-helpers.js';
import { mediaUrl } from './learning-schemas.js';
import { CERTIFICATE_PAGE_CSP, certificateNotFoundPage, certificateVerificationPage } from '../pages/certificate-verification.page.js';
import type { LearningRegistry } from '../../../application/learning/registry.js';

type Deps = Pick<
  LearningRegistry,
  | 'getMyCertificate'
  | 'renderCertificatePdf'
  | 'listMyCertificates'
  | 'verifyCertificate'
  | 'getCertificateTemplate'
  | 'saveCertificateTemplate'
  | 'deleteCertificateTemplate'
  | 'uploadCertificateBackground'
> & {
  publicUrl: string;
};

export const BACKGROUND_MAX_BYTES = 5 * 1024 * 1024;

const CertificateQuery = z.strictObject({ format: z.enum(['json', 'pdf']).default('json') });
const TemplateBody = z.object({
  title: requiredText(300).optional(),
  body: requiredText(10_000).optional(),
  background_image_url: mediaUrl.nullable().optional(),
  orientation: z.enum(ORIENTATIONS).optional(),
});

export const makeLearningCertificateRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    const tags = ['certificates'];

    r.get(
      '/api/lms/courses/:id/certificate',
      {
        operationId: 'getMyCertificate',
        summary: "The caller's certificate of a course (JSON, or ?format=pdf)",
        access: Role.Student,
        params: idParam,
        query: CertificateQuery,
        tags,
        response: wire.Certificate,
        produces: 'application/pdf',
        errors: errorsFrom(d.getMyCertificate, d.renderCertificatePdf)(['COURSE_NOT_FOUND', 'CERTIFICATE_NOT_FOUND']),
      },
      async ({ actor, params, query, ctx }) => {
        if (query.format === 'json') return certificateView(unwrap(await d.getMyCertificate(actor, params.id)), d.publicUrl);
        const { certificate, pdf } = unwrap(await d.renderCertificatePdf(actor, params.id));
        return sendAttachment(ctx, `certificate-${certificate.code}.pdf`, 'application/pdf', Buffer.from(pdf), 'private, no-store');
      },
    );

    r.get(
      '/api/lms/my-certificates',
      {
        operationId: 'listMyCertificates',
        errors: errorsFrom(d.listMyCertificates)([]),
        summary: "The caller's certificates, newest first",
        access: Role.Student,
        query: pageQuery,
        tags,
        response: wire.CertificatePage,
      },
      async ({ actor, query }) =>
        pageView(await d.listMyCertificates(actor.tenantId, actor.userId, toPageRequest(query)), (c) => certificateView(c, d.publicUrl)),
    );

    r.get(
      '/api/lms/certificates/verify/:code',
      {
        operationId: 'verifyCertificate',
        summary: "Verify a certificate code (public; the QR code's link): JSON, or an HTML page to a browser",
        access: 'public',
        params: z.object({ code: z.string().max(40) }),
        tags,
        response: wire.CertificateVerification,
        errors: errorsFrom(d.verifyCertificate)(['CERTIFICATE_NOT_FOUND']),
        produces: 'text/html',
        producesSchema: z.string().meta({ description: 'A self-contained page: holder, course, date issued, status, issuer' }),
        errorProduces: { 404: 'text/html' },
        description:
          'Negotiated on `Accept`: a client that prefers `text/html` (a browser opening the QR code) gets a page, an ' +
          'unknown code a 404 page; anything else (`*/*`, `application/json`) the JSON envelope.',
      },
      async ({ params, ctx }) => {
        const found = await d.verifyCertificate(params.code);
        ctx.vary('Accept');
        if (ctx.accepts('json', 'html') !== 'html') {
          return certificateVerificationView(unwrap(found));
        }
        const page = found.ok
          ? certificateVerificationPage({ ...found.value.certificate, issuer: found.value.issuer })
          : certificateNotFoundPage(params.code);
        const headers = { 'Content-Security-Policy': CERTIFICATE_PAGE_CSP, 'Cache-Control': 'no-cache' };
        return sendRaw(ctx, 'text/html; charset=utf-8', page, headers, found.ok ? 200 : 404);
      },
    );

    const ttags = ['certificate templates'];
    r.get(
      '/api/lms/admin/courses/:id/certificate-template',
      {
        operationId: 'getCertificateTemplate',
        summary: "The course's certificate template (or the default)",
        access: Role.Admin,
        params: idParam,
        tags: ttags,
        response: wire.CertificateTemplate,
        errors: errorsFrom(d.getCertificateTemplate)(['COURSE_NOT_FOUND']),
      },
      async ({ actor, params }) => {
        const t = unwrap(await d.getCertificateTemplate(actor, params.id));
        return templateView(t.template, t.isDefault);
      },
    );

    r.put(
      '/api/lms/admin/courses/:id/certificate-template',
      {
        operationId: 'saveCertificateTemplate',
        summary: 'Create or update the certificate template',
        access: Role.Admin,
        params: idParam,
        body: TemplateBody,
        tags: ttags,
        response: wire.CertificateTemplate,
        errors: errorsFrom(d.saveCertificateTemplate)(['COURSE_NOT_FOUND']),
      },
      async ({ actor, meta, params, body }) =>
        reply(
          templateView(
            unwrap(
              await d.saveCertificateTemplate(actor, meta, params.id, {
                title: body.title,
                body: body.body,
                backgroundImageUrl: body.background_image_url,
                orientation: body.orientation,
              }),
            ),
          ),
          'Certificate template saved',
        ),
    );

    r.post(
      '/api/lms/admin/courses/:id/certificate-template/upload',
      {
        summary: "Upload the template's background image (PNG or JPEG, at most 5 MB)",
        access: Role.Admin,
        params: idParam,
        rateLimit: 'upload',
        bodyKind: { kind: 'multipart', maxFileBytes: BACKGROUND_MAX_BYTES },
        tags: ttags,
        operationId: 'uploadCertificateBackground',
        response: wire.CertificateTemplate,
        errors: errorsFrom(d.uploadCertificateBackground)(['COURSE_NOT_FOUND', 'INVALID_IMAGE']),
      },
      async ({ actor, meta, params, file }) =>
        reply(templateView(unwrap(await d.uploadCertificateBackground(actor, meta, params.id, file))), 'Background uploaded'),
    );

    r.delete(
      '/api/lms/admin/courses/:id/certificate-template',
      {
        operationId: 'deleteCertificateTemplate',
        summary: 'Delete the template (back to the default)',
        access: Role.Admin,
        params: idParam,
        tags: ttags,
        response: acknowledgement,
        errors: errorsFrom(d.deleteCertificateTemplate)(['COURSE_NOT_FOUND', 'TEMPLATE_NOT_FOUND']),
      },
      removeById(d.deleteCertificateTemplate, 'Certificate template deleted'),
    );
  };
