import { describe, expect, it } from 'vitest';
import { ruleError, ruleErrors, type RuleErrorCode } from './errors.js';

describe('rule errors', () => {
  const codes = Object.keys(ruleErrors) as RuleErrorCode[];

  it.each(codes)('%s has a user-facing message', (code) => {
    expect(ruleErrors[code].trim().length).toBeGreaterThan(0);
    expect(ruleError(code)).toEqual({ code, message: ruleErrors[code] });
  });

  it('use the rule/ prefix for every code', () => {
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) expect(code).toMatch(/^rule\/[a-z-]+$/);
  });
});
