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

  it('strips links hidden behind entities, capitals, leading blanks or backslashes', () => {
    for (const link of [
      '<a href="&#106;avascript:alert(1)">click</a>',
      '<a href="&#x6A;avascript&#x3A;alert(1)">click</a>',
      '<a href="javascript&colon;alert(1)">click</a>',
      '<A HREF=JAVASCRIPT:alert(1)>click</A>',
      '<a href=" javascript:alert(1)">click</a>',
      '<a href="\\\\evil.example/">click</a>',
    ]) {
      expect(sanitiseBannerHtml(link), link).toBe('<a target="_blank" rel="noopener noreferrer">click</a>');
    }
  });

  it('keeps relative links and the first href only, with its entities written once', () => {
    expect(sanitiseBannerHtml('<a href="/news?a=1&amp;b=2" href="javascript:alert(1)">news</a>')).toBe(
      '<a href="/news?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">news</a>',
    );
  });

  it('closes unclosed and crossed tags and drops stray closing tags', () => {
    expect(sanitiseBannerHtml('<strong>bold <em>both</strong> after')).toBe('<strong>bold <em>both</em></strong> after');
    expect(sanitiseBannerHtml('<p>one<p>two')).toBe('<p>one</p><p>two</p>');
    expect(sanitiseBannerHtml('<ul><li>a<li>b</ul>')).toBe('<ul><li>a</li><li>b</li></ul>');
    expect(sanitiseBannerHtml('</p>stray</b><b>open')).toBe('stray<b>open</b>');
  });

  it('drops comments and the rest of an unclosed script or comment', () => {
    expect(sanitiseBannerHtml('a<!-- note -->b')).toBe('ab');
    expect(sanitiseBannerHtml('a<!-- never closed <b>x</b>')).toBe('a');
    expect(sanitiseBannerHtml('Hi<script>alert(1)')).toBe('Hi');
    expect(sanitiseBannerHtml('<p>x<script>var s = "</p>"</script>y</p>')).toBe('<p>xy</p>');
  });

  it('keeps a < or & that is only text, escaped', () => {
    expect(sanitiseBannerHtml('Tips < 5 minutes')).toBe('Tips &lt; 5 minutes');
    expect(sanitiseBannerHtml('Tom & Jerry &amp; 1 > 0')).toBe('Tom &amp; Jerry &amp; 1 &gt; 0');
  });
});

describe('hasVisibleText', () => {
  it('is false for markup with nothing to read, true once a word is there', () => {
    expect(hasVisibleText(sanitiseBannerHtml('<script>alert(1)</script><img src=x onerror=alert(1)>'))).toBe(false);
    expect(hasVisibleText('<p> &nbsp; <br></p>')).toBe(false);
    expect(hasVisibleText('<p>&#160;</p><b></b>')).toBe(false);
    expect(hasVisibleText('<p><em>Hi</em></p>')).toBe(true);
  });
});
