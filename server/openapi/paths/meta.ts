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
      summary: 'This reference, as a page rendered on the server from this document',
      tags: ['Meta'],
      responses: {
        '200': { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } },
      },
    },
  },
  '/api/docs/assets/{file}': {
    get: {
      operationId: 'getApiReferenceAsset',
      ...open,
      summary: "The reference page's stylesheet, a file so the CSP needs no inline style",
      tags: ['Meta'],
      parameters: [param('file', { type: 'string', enum: ['reference.css'] }, true, 'path')],
      responses: {
        '200': { description: 'The stylesheet', content: { 'text/css': { schema: { type: 'string' } } } },
        '404': { description: 'No such file', ...json(component('Error')) },
      },
    },
  },
}
