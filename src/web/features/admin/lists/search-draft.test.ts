import { describe, expect, it } from 'vitest';
import { draftAfterAddressChange } from './search-draft.ts';

describe('draftAfterAddressChange', () => {
  it('keeps what was typed while the settled search was being written to the address', () => {
    // "ann@ex" settled and went to the address; "a" was typed before the address changed.
    expect(draftAfterAddressChange('ann@exa', 'ann@ex', 'ann@ex')).toBe('ann@exa');
  });

  it('shows a search the address got from elsewhere: Back, a shared link, the command menu', () => {
    expect(draftAfterAddressChange('ann@ex', 'bob', 'ann@ex')).toBe('bob');
    expect(draftAfterAddressChange('ann@ex', '', 'ann@ex')).toBe('');
  });

  it('leaves a draft that already says the same, spaces and all', () => {
    expect(draftAfterAddressChange(' bob ', 'bob', 'ann')).toBe(' bob ');
  });
});
