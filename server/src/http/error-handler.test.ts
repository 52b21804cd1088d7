import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { registerErrorHandler, toValidationIssue } from './error-handler.js';
import { HttpError } from './http-error.js';

describe('toValidationIssue', () => {
  it('builds FastAPI-style locations', () => {
    expect(toValidationIssue('body', '/username', 'too_small', 'Too short')).toEqual({
      loc: ['body', 'username'],
      msg: 'Too short',
      type: 'too_small',
    });
    expect(toValidationIssue('querystring', '/ids/2', 'invalid_type', 'Expected number')).toEqual({
      loc: ['query', 'ids', 2],
      msg: 'Expected number',
      type: 'invalid_type',
    });
    expect(toValidationIssue('params', '/id', 'invalid_type', 'x').loc).toEqual(['path', 'id']);
  });

  it('reports absent fields as "Field required"', () => {
    expect(
      toValidationIssue(
        'body',
        '/password',
        'invalid_type',
        'Invalid input: expected string, received undefined',
      ),
    ).toEqual({ loc: ['body', 'password'], msg: 'Field required', type: 'missing' });
  });
});

describe('registerErrorHandler', () => {
  async function appThrowing(error: unknown) {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/boom', () => {
      throw error;
    });
    await app.ready();
    return app;
  }

  it('hides unexpected errors behind a generic 500', async () => {
    const app = await appThrowing(new Error('database password is hunter2'));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error' });
    await app.close();
  });

  it('answers HttpError with its status, detail and headers', async () => {
    const app = await appThrowing(new HttpError(418, 'Short and stout', { 'x-teapot': 'yes' }));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(418);
    expect(response.headers['x-teapot']).toBe('yes');
    expect(response.json()).toEqual({ detail: 'Short and stout' });
    await app.close();
  });
});
