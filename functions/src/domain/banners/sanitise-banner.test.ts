import { describe, expect, it } from 'vitest';
import { hasVisibleText, sanitiseBannerHtml } from './sanitise-banner.ts';

describe('sanitiseBannerHtml', () => {
  it('keeps paragraphs, emphasis, lists and line breaks as written', () => {
    const html = '<p>The pilot <strong>opens</strong> <em>Monday</em>.<br>Bring <b>one</b> <i>question</i> <u>only</u>.</p><ul><li>one</li></ul><ol><li><span>two</span></li></ol>';
    expect(sanitiseBannerHtml(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('drops scripts and styles with their contents, and every other tag while keeping its text', () => {
    const html = '<p>Hi<script>alert(1)</script><style>p{color:red}</style></p><h1>Big</h1><div>news</div><img src="x"><iframe src="https://evil.example">x</iframe>';
    expect(sanitiseBannerHtml(html)).toBe('<p>Hi</p>Bignews');
  });

  it('removes event handlers, styles and classes from the tags it keeps', () => {
    expect(sanitiseBannerHtml('<p onclick="steal()" style="color:red" class="x">Hello <span onmouseover="x()">there</span></p>')).toBe('<p>Hello <span>there</span></p>');
  });

  it('makes every http(s) and mailto link open in a new tab without its opener', () => {
    expect(sanitiseBannerHtml('<a href="https://meld.example/news" target="_self" rel="opener" onclick="x()">news</a>')).toBe(
      '<a href="https://meld.example/news" target="_blank" rel="noopener noreferrer">news</a>',
    );
    expect(sanitiseBannerHtml('<a href="mailto:team@meld.example">write</a>')).toBe('<a href="mailto:team@meld.example" target="_blank" rel="noopener noreferrer">write</a>');
  });

  it('strips javascript:, data: and protocol-relative links down to their text', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/']) {
      const clean = sanitiseBannerHtml(`<a href="${href}">click</a>`);
      expect(clean, href).toBe('<a target="_blank" rel="noopener noreferrer">click</a>');
    }
  });
});

describe('hasVisibleText', () => {
  it('is false for markup with nothing to read, true once a word is there', () => {
    expect(hasVisibleText(sanitiseBannerHtml('<script>alert(1)</script><img src=x onerror=alert(1)>'))).toBe(false);
    expect(hasVisibleText('<p> &nbsp; <br></p>')).toBe(false);
    expect(hasVisibleText('<p><em>Hi</em></p>')).toBe(true);
  });
});
