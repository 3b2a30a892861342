/**
 * CloudFront Function (cloudfront-js-2.0) on the web app's default behaviour, viewer request:
 * a path whose last segment has no extension is a client-side route (`/acme/projects/42`), so
 * CloudFront fetches /index.html for it; paths with an extension (`/favicon.svg`) are objects.
 *
 * Why not the distribution's error responses (403/404 -> /index.html): they apply to every
 * behaviour, so an API 404 or 403 would come back as the web page with status 200. This function
 * runs on the default behaviour only; `/api/*` never sees it.
 * Limit: a client route whose last segment contains a dot would be taken for a file.
 */
export const SPA_REWRITE_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
`;
