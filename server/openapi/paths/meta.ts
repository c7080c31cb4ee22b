import { component, json, ok, open, type PathItems, param } from '../build'

/** This document and its reference page (router.ts). */
export const metaPaths: PathItems = {
  '/api/openapi.json': {
    get: {
      operationId: 'getOpenApiDocument',
      ...open,
      summary: 'This document',
      tags: ['Meta'],
      responses: { '200': ok('OpenAPI 3.1') },
    },
  },
  '/api/docs': {
    get: {
      operationId: 'getApiReference',
      ...open,
      summary: 'This reference, as a page (Swagger UI on this document)',
      tags: ['Meta'],
      responses: {
        '200': { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } },
      },
    },
  },
  '/api/docs/init.js': {
    get: {
      operationId: 'getApiReferenceScript',
      ...open,
      summary: "The reference page's start script (a file, so the CSP needs no inline script)",
      tags: ['Meta'],
      responses: {
        '200': {
          description: 'JavaScript',
          content: { 'application/javascript': { schema: { type: 'string' } } },
        },
      },
    },
  },
  '/api/docs/assets/{file}': {
    get: {
      operationId: 'getApiReferenceAsset',
      ...open,
      summary: "Swagger UI's two files (the `swagger-ui-dist` package), served from this origin",
      tags: ['Meta'],
      parameters: [
        param('file', { type: 'string', enum: ['swagger-ui.css', 'swagger-ui-bundle.js'] }, true, 'path'),
      ],
      responses: {
        '200': { description: 'The file (CSS or JavaScript)' },
        '404': { description: 'No such file', ...json(component('Error')) },
      },
    },
  },
}
