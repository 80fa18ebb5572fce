import { describe, expect, it } from 'vitest';
import { clipAddressProblem, withScheme } from './clip-address.ts';

describe('a web clip’s page address', () => {
  it('keeps http and https pages', () => {
    for (const address of ['https://example.com/essay', 'http://blog.example.org/a?b=1#c', '  https://example.com  ']) expect(clipAddressProblem(address)).toBeNull();
  });

  it('says why it cannot keep the others', () => {
    expect(clipAddressProblem('   ')).toBe('empty');
    expect(clipAddressProblem('example.com/essay')).toBe('no-scheme');
    expect(clipAddressProblem('www.example.co.uk')).toBe('no-scheme');
    expect(clipAddressProblem('example.com:8080/x')).toBe('no-scheme');
    expect(clipAddressProblem('ftp://example.com/file')).toBe('not-web');
    expect(clipAddressProblem('javascript:alert(1)')).toBe('not-web');
    expect(clipAddressProblem('mailto:ada@example.com')).toBe('not-web');
    expect(clipAddressProblem('not a page')).toBe('malformed');
    expect(clipAddressProblem('https://')).toBe('malformed');
  });

  it('puts https:// in front of a bare address', () => {
    expect(withScheme(' example.com/essay ')).toBe('https://example.com/essay');
    expect(clipAddressProblem(withScheme('example.com/essay'))).toBeNull();
  });
});
