/** The market's units (MARKET_UNITS, issue 47): what pages show a visitor who has not chosen, told to the browser. */
import { describe, expect } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config.ts';
import { it as base } from './fixtures.ts';

const it = base.extend('env', { scope: 'file' }, { MARKET_UNITS: 'metric' });

describe('the market units', () => {
  it('are the United States’ (imperial) unless set, metric when set so, and nothing else', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).MARKET_UNITS).toBe('imperial');
    expect(loadConfig({ NODE_ENV: 'test', MARKET_UNITS: '' }).MARKET_UNITS).toBe('imperial');
    expect(loadConfig({ NODE_ENV: 'test', MARKET_UNITS: 'metric' }).MARKET_UNITS).toBe('metric');
    expect(() => loadConfig({ NODE_ENV: 'test', MARKET_UNITS: 'furlongs' })).toThrow(ConfigError);
  });

  it('are told to the browser (GET /api/config)', async ({ t }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().units).toBe('metric');
  });
});
