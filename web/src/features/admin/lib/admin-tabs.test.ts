import { describe, expect, it } from 'vitest';
import { tabFromSearch } from './admin-tabs.ts';

describe('the admin tab named in the address', () => {
  it('opens the tab, a former id its renamed tab, and anything else Platform Users', () => {
    expect(tabFromSearch('banners')).toBe('banners');
    expect(tabFromSearch('mentorAnswers')).toBe('mentorSignups');
    expect(tabFromSearch('mentorResponses')).toBe('interviewAnswers');
    // Names every object has are not tabs: they once made the panel render nothing and throw.
    for (const value of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'nothing', '', null]) expect(tabFromSearch(value)).toBe('platformUsers');
  });
});
