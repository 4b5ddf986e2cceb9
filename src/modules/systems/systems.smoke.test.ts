import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';

describe('smoke', () => {
  it('creates and reads a system', async () => {
    const ctx = await testApp();
    const token = await ctx.tokenFor('ann@example.com');
    const created = await ctx.as(token, {
      method: 'POST',
      url: '/api/v1/systems',
      payload: { system_name: 'A' },
    });
    expect(created.statusCode).toBe(201);
    const got = await ctx.as(token, { method: 'GET', url: `/api/v1/systems/${created.json().system_id}` });
    expect(got.json().created_by).toBe('ann@example.com');
  });
});
