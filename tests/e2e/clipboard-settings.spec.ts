import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppFrame } from './pages/app-frame.js';
import { ClipboardCard } from './pages/clipboard-card.js';
import { WelcomePage } from './pages/welcome-page.js';
import { expect, test } from './fixtures.js';

test('the clipboard card in the web shell: explains it is desktop-only, refuses a bad rule next to it, saves rules', async ({ app }) => {
  const { page } = app;
  await new WelcomePage(page).useLocalWorkspace();
  const frame = new AppFrame(page);
  await expect(frame.root).toBeVisible();
  await frame.open('settings');
  const card = new ClipboardCard(page);

  await expect(card.unavailable).toContainText('works only in the Linkdeck desktop app');
  await expect(card.root).toHaveAttribute('data-available', 'false');

  await card.enabled.click();
  await card.poll.fill('250');
  const deny = await card.addRule('deny', 'intranet.example.com');
  await deny.getByTestId('clipboard-rule-note').fill('never shorten the intranet');
  const bad = await card.addRule('allow', '/(unclosed/');
  await card.save();

  // The backend compiles the rule and refuses it: its words are shown next to that rule.
  await expect(card.matchMessage(bad)).not.toBeEmpty();
  await expect(bad.getByTestId('clipboard-rule-match')).toHaveAttribute('aria-invalid', 'true');
  await expect(card.matchMessage(deny)).toBeEmpty();
  await expect(card.formError).toContainText('not saved');

  await bad.getByTestId('clipboard-rule-match').fill('example.com/blog/*');
  await expect(card.matchMessage(bad)).toBeEmpty();
  await card.save();
  await expect(card.dirty).toBeHidden();
  await expect(frame.notices).toContainText('Clipboard settings saved');

  // Saved in the profile's own data directory, and shown again after a reload.
  const profileId = await page.evaluate(async () => {
    const answer = await window.linkdeck?.['profiles:list'](undefined);
    return answer && answer.ok ? answer.value.currentId : null;
  });
  expect(profileId).not.toBeNull();
  const file = JSON.parse(readFileSync(join(app.dataDir, 'profiles', String(profileId), 'clipboard.json'), 'utf8')) as unknown;
  expect(file).toMatchObject({
    version: 1,
    settings: {
      enabled: true,
      pollIntervalMs: 250,
      rules: [
        { match: 'intranet.example.com', action: 'deny', note: 'never shorten the intranet' },
        { match: 'example.com/blog/*', action: 'allow' },
      ],
    },
  });
  await page.reload();
  await frame.open('settings');
  await expect(card.rules).toHaveCount(2);
  await expect(card.rule(1).getByTestId('clipboard-rule-match')).toHaveValue('example.com/blog/*');
  await expect(card.poll).toHaveValue('250');
});
