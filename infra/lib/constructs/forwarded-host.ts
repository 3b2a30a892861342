/**
 * CloudFront Function (cloudfront-js-2.0) on the `/api/*` behaviour, viewer request: copies the
 * host the browser used into X-Forwarded-Host, and the viewer's address into True-Client-IP.
 *
 * Why: the API origin must receive its own Host (API Gateway routes on it), so the functions
 * would otherwise see `{id}.execute-api...` and could neither recognise a same-origin request
 * from a tenant subdomain (`acme.example.com`) in the CSRF Origin check nor build links to it
 * (functions/src/core/http/origin.ts reads X-Forwarded-Host). Setting it here also overwrites any
 * value a client sent; the functions believe either header only with the front door's secret,
 * which the origin adds (web.ts routeApi). X-Forwarded-For is no use for the caller's address: a
 * client can start it with anything, and CloudFront and API Gateway only append to it.
 */
export const FORWARDED_HOST_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  var host = request.headers.host;
  if (host) {
    request.headers['x-forwarded-host'] = { value: host.value };
  }
  request.headers['true-client-ip'] = { value: event.viewer.ip };
  return request;
}
`;
