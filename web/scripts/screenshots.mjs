// Screenshots of the built app against a mocked API (Playwright request interception), for
// design review. Run `npm run build -w @meld/web`, then `npx vite preview` in web/, then:
//   node web/scripts/screenshots.mjs [outDir] [baseUrl]
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const outDir = process.argv[2] ?? '/tmp/meld-shots';
const base = process.argv[3] ?? 'http://localhost:4173';
mkdirSync(outDir, { recursive: true });

const user = {
  id: 'u1', name: 'Maya Chen', username: 'maya', email: 'maya@example.com', avatar: null, role: 'USER', provider: 'local',
  emailVerified: true, twoFactorEnabled: false, termsAccepted: true,
  profile: { whyHere: 'goal', lifeArena: 'career', identitySegment: 'stem', currentBlock: 'time' },
  createdAt: '2026-01-01T00:00:00.000Z', lastLogin: null,
};
const config = {
  appTitle: 'Meld', serverDomain: '', emailLoginEnabled: true, registrationEnabled: true, emailEnabled: false,
  passwordResetEnabled: true, openidLoginEnabled: false, openidAutoRedirect: false, openidLabel: '', openidImageUrl: '',
  socialLoginEnabled: true, socialLogins: ['google', 'apple'], googleLoginEnabled: true, facebookLoginEnabled: false,
  githubLoginEnabled: false, discordLoginEnabled: false, appleLoginEnabled: true, ldapLoginEnabled: false,
  searchEnabled: false, termsAcceptanceRequired: false,
  interface: { privacyPolicy: { externalUrl: 'https://example.com/privacy', openNewTab: true }, termsOfService: { externalUrl: 'https://example.com/terms', openNewTab: true } },
};

async function mockApi(page, { signedIn }) {
  const reply = (route, body, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route('**/api/config', (r) => reply(r, config));
  await page.route('**/api/banner', (r) => reply(r, null));
  await page.route('**/api/auth/refresh', (r) => (signedIn ? reply(r, { token: 't', user }) : reply(r, { code: 'UNAUTHORIZED', message: 'No session' }, 401)));
  await page.route('**/api/auth/validate-signup-code', (r) => reply(r, { valid: false, message: 'That code is not valid for this pilot.' }));
  await page.route('**/api/auth/login', (r) => reply(r, { code: 'INVALID_CREDENTIALS', message: 'x' }, 401));
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});

async function shoot(name, width, { signedIn = false, path, dark = false, act, fullPage = true, withCode = false }) {
  const context = await browser.newContext({ viewport: { width, height: width > 500 ? 860 : 844 }, deviceScaleFactor: 1, colorScheme: dark ? 'dark' : 'light' });
  const page = await context.newPage();
  await mockApi(page, { signedIn });
  if (withCode) await page.addInitScript(() => sessionStorage.setItem('meld_signup_code', 'PILOT-DEMO'));
  await page.goto(`${base}${path}`);
  await page.waitForLoadState('networkidle');
  if (act) await act(page);
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${outDir}/${name}-${width}${dark ? '-dark' : ''}.png`, fullPage });
  await context.close();
}

/** Brings the wizard to `step` (0-6) and fills it the way a person part-way through would. */
const wizard = async (page, step) => {
  const next = () => page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Your name').fill('Maya Chen');
  if (step === 0) return;
  await next();
  await page.getByLabel('City').fill('Brooklyn');
  await page.getByRole('combobox').fill('New');
  if (step === 1) return;
  await page.getByRole('option', { name: 'New York' }).click();
  await next();
  await page.getByLabel('Email').fill('maya@example');
  await page.getByLabel('Password', { exact: true }).fill('short');
  if (step === 2) return;
  await page.getByLabel('Email').fill('maya@example.com');
  await page.getByLabel('Password', { exact: true }).fill('longenough');
  await page.getByLabel('Confirm password').fill('longenough');
  await next();
  await page.getByText('Reach a specific goal').click();
  if (step === 3) return;
  await next();
  await page.getByText('Career', { exact: true }).click();
  await page.getByText('Something else').click();
  if (step === 4) return;
  await page.getByLabel(/In your own words/).fill('Health');
  await next();
  await page.getByText('In STEM').click();
  if (step === 5) return;
  await next();
  await page.getByText('Burnout').click();
  await page.getByText('Time', { exact: true }).click();
};

for (const width of [1280, 390]) {
  await shoot('welcome', width, { path: '/welcome' });
  await shoot('login', width, { path: '/login' });
  await shoot('login-errors', width, {
    path: '/login',
    act: async (page) => { await page.getByLabel('Email').fill('maya@example.com'); await page.getByLabel('Password', { exact: true }).fill('wrongpass1'); await page.getByRole('button', { name: 'Sign in' }).click(); },
  });
  await shoot('register-gate', width, {
    path: '/register',
    act: async (page) => { await page.getByLabel('Pilot access code').fill('pilot-x'); await page.getByRole('button', { name: 'Continue' }).click(); },
  });
  for (let step = 0; step <= 6; step++) await shoot(`register-step${step}`, width, { path: '/register', withCode: true, act: (page) => wizard(page, step) });
  await shoot('today', width, { signedIn: true, path: '/today?tour=checkin', fullPage: false });
  if (width < 500) {
    await shoot('today-nav-open', width, { signedIn: true, path: '/today', fullPage: false, act: (page) => page.getByRole('button', { name: 'Open navigation' }).click() });
  }
  await shoot('today', width, { signedIn: true, path: '/today?date=2026-01-14', dark: true, fullPage: false });
  await shoot('login', width, { path: '/login', dark: true });
  await shoot('welcome', width, { path: '/welcome', dark: true, fullPage: false });
}
await shoot('error-404', 1280, { path: '/nowhere' });
await browser.close();
console.log(`Screenshots in ${outDir}`);
