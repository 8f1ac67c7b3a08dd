import type { ErrorTable } from '../kit/errors.js';

export const platformErrors: ErrorTable = {
  FILE_NOT_FOUND: { status: 404, message: 'Record not found' },
  REGION_NOT_FOUND: { status: 404, message: 'Record not found' },
  FILE_REQUIRED: { status: 400, message: 'Invalid parameters' },
};
