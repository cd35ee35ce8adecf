import { describe, expect, it } from 'vitest';
import { loanDefaults, loanFieldsOf, withLoanFields } from './loan-fields.ts';

const defaults = loanDefaults(18_950_000, 'CA');

describe('the payment calculator’s address', () => {
  it('starts from the car’s price and state and the market’s loan', () => {
    expect(defaults).toEqual({ price: '189,500', down: '', tradeIn: '', apr: '7', term: '60', state: 'CA' });
    expect(loanDefaults(18_950_050, 'PR')).toMatchObject({ price: '189,500.50', state: '' });
    expect(loanDefaults(18_950_000, undefined).state).toBe('');
  });

  it('keeps only the fields that differ from the defaults, beside the address’s other parameters', () => {
    const fields = { ...defaults, down: '20,000', apr: '5.9', state: 'NY' };
    const query = withLoanFields(new URLSearchParams('from=saved&apr=6'), fields, defaults);
    expect(query.toString()).toBe('from=saved&apr=5.9&down=20%2C000&state=NY');
    expect(withLoanFields(query, defaults, defaults).toString()).toBe('from=saved');
  });

  it('gives back the fields it kept, as typed, over the defaults', () => {
    const fields = { ...defaults, price: '175000', tradeIn: '$12,000.50', term: '72 months' };
    const query = withLoanFields(new URLSearchParams(), fields, defaults);
    expect(loanFieldsOf(new URLSearchParams(query.toString()), defaults)).toEqual(fields);
    expect(loanFieldsOf(new URLSearchParams(), defaults)).toEqual(defaults);
  });
});
