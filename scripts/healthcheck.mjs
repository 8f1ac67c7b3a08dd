// `npm run healthcheck`, the image's HEALTHCHECK (node:22-slim has no curl): exit 0 when the
// process on PORT answers GET /health/live within 3 s.
const port = process.env.PORT || '3000';
try {
  const res = await fetch(`http://127.0.0.1:${port}/health/live`, { signal: AbortSignal.timeout(3000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
