/**
 * CloudFront Function (cloudfront-js-2.0) on the `/api/*` behaviour, viewer request: copies the
 * host the browser used into X-Forwarded-Host.
 *
 * Why: the API origin must receive its own Host (API Gateway routes on it), so the functions
 * would otherwise see `{id}.execute-api...` and could neither recognise a same-origin request
 * from a tenant subdomain (`acme.example.com`) in the CSRF Origin check nor build links to it
 * (functions/src/core/http/origin.ts reads X-Forwarded-Host). Setting it here also overwrites any
 * value a client sent.
 */
export const FORWARDED_HOST_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  var host = request.headers.host;
  if (host) {
    request.headers['x-forwarded-host'] = { value: host.value };
  }
  return request;
}
`;
