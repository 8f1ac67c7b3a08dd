/**
 * Deliberate mismatches between use cases, the error table and routes' declared errors: each line
 * under a `@ts-expect-error` must fail the type-check (an expect-error on a line that compiles is
 * itself an error), and the text after the marker names what the error must mention
 * (tests/unit/platform/error-codes-types.test.ts compiles this file without the markers and checks
 * that). The lines without a marker are the controls: the same calls, correct, compile.
 * Type-checked with the rest by `npm run typecheck`; never run.
 */
import { z } from 'zod';
import type { makeResendReceipt } from '../../application/commerce/use-cases/resend-receipt.usecase.js';
import type { makeGetMyOrder } from '../../application/commerce/use-cases/get-my-order.usecase.js';
import type { makeSendBroadcast } from '../../application/platform/use-cases/send-broadcast.usecase.js';
import { errorTable } from '../../adapters/http/errors/index.js';
import type { CommerceCodes, ErrorCode, PlatformCodes } from '../../adapters/http/errors/codes.js';
import { DomainError, edgeErrors, errorsFrom, type ErrorMapping, type ErrorTableOf } from '../../adapters/http/kit/errors.js';
import type { RouteTable } from '../../adapters/http/kit/route-table.js';
import { sharedErrors } from '../../adapters/http/errors/shared.js';

declare const resendReceipt: ReturnType<typeof makeResendReceipt>; // 'ORDER_NOT_FOUND' | 'ORDER_NOT_PAID'
declare const getMyOrder: ReturnType<typeof makeGetMyOrder>; // 'ORDER_NOT_FOUND'
declare const sendBroadcast: ReturnType<typeof makeSendBroadcast>; // 'NO_RECIPIENTS'
declare const r: RouteTable;
const mapping: ErrorMapping = { status: 400, message: 'Invalid parameters' };

export function tableMismatches() {
  errorTable satisfies Record<ErrorCode, ErrorMapping>;
  // A use case that returns a code no file of the table maps (one more code than the table has):
  // @ts-expect-error NEW_CODE
  errorTable satisfies Record<ErrorCode | 'NEW_CODE', ErrorMapping>;
  const { NO_RECIPIENTS: _unmapped, ...withoutOne } = errorTable;
  // The table without one code that a use case (send-broadcast) returns:
  // @ts-expect-error NO_RECIPIENTS
  withoutOne satisfies Record<ErrorCode, ErrorMapping>;
  // A code no use case returns and no route raises:
  // @ts-expect-error NOT_A_CODE
  ({ ...errorTable, NOT_A_CODE: mapping }) satisfies Record<ErrorCode, ErrorMapping>;
  // A code filed under a context whose use cases cannot return it (the drift this check fixed):
  ({ NO_RECIPIENTS: mapping }) satisfies ErrorTableOf<PlatformCodes>;
  // @ts-expect-error NO_RECIPIENTS
  ({ NO_RECIPIENTS: mapping }) satisfies ErrorTableOf<CommerceCodes>;
  // Codes given a shared answer are spread into a table, out of reach of `satisfies`: checked by the helper.
  ({ ...sharedErrors<PlatformCodes>().notFound('BROADCAST_NOT_FOUND') }) satisfies ErrorTableOf<PlatformCodes>;
  // @ts-expect-error ORDER_NOT_FOUND
  ({ ...sharedErrors<PlatformCodes>().notFound('ORDER_NOT_FOUND') }) satisfies ErrorTableOf<PlatformCodes>;
  // The edge raises only codes of the table:
  void new DomainError('FILE_REQUIRED');
  // @ts-expect-error NOT_A_CODE
  void new DomainError('NOT_A_CODE');
}

export function routeMismatches() {
  errorsFrom(resendReceipt)(['ORDER_NOT_FOUND', 'ORDER_NOT_PAID']);
  errorsFrom(resendReceipt, sendBroadcast)(['ORDER_NOT_PAID', 'NO_RECIPIENTS', 'ORDER_NOT_FOUND'], ['FILE_REQUIRED', mapping]);
  // A route that omits a code its use case returns:
  // @ts-expect-error ORDER_NOT_PAID
  errorsFrom(resendReceipt)(['ORDER_NOT_FOUND']);
  // A route that omits the codes of one of the two use cases it unwraps:
  // @ts-expect-error NO_RECIPIENTS
  errorsFrom(resendReceipt, sendBroadcast)(['ORDER_NOT_FOUND', 'ORDER_NOT_PAID']);
  // A route that lists a code its use case cannot return:
  // @ts-expect-error ORDER_NOT_PAID
  errorsFrom(getMyOrder)(['ORDER_NOT_FOUND', 'ORDER_NOT_PAID']);
  // An edge code of the route must still be a code of the table:
  // @ts-expect-error NOT_A_CODE
  edgeErrors(['NOT_A_CODE']);

  r.get(
    '/checked',
    { summary: 'A route', access: 'public', params: z.object({}), errors: errorsFrom(getMyOrder)(['ORDER_NOT_FOUND']) },
    async () => null,
  );
  // A bare list is not checked against anything, so a route cannot declare one:
  // @ts-expect-error DeclaredErrors
  r.get('/unchecked', { summary: 'A route', access: 'public', params: z.object({}), errors: ['ORDER_NOT_FOUND'] }, async () => null);
  // A route that declares no errors escapes the check, so every route must declare them (edgeErrors([]) when it answers none):
  // @ts-expect-error 'errors'
  r.get('/undeclared', { summary: 'A route', access: 'public', params: z.object({}) }, async () => null);
  r.get('/none', { summary: 'A route', access: 'public', params: z.object({}), errors: edgeErrors([]) }, async () => null);
}
