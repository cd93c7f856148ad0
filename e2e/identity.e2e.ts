import { describe, expect, it } from 'vitest';
import { openOrder } from './orders';
import {
  addItem,
  closeToasts,
  hydrated,
  join,
  mailText,
  offProxyRequests,
  PHONE,
  screenshot,
  useBrowser,
} from './support';

// Issue 24, part 1, in a real browser: an e-mail address is not a key. Phone A confirms as Alice with her
// address; a fresh phone B that types Alice and the same address is not given her items, asks for the
// link, reads it in the simulator's mailbox, follows it, and then sees and edits Alice's items. No page
// URL on the way carries the address.

const browser = useBrowser();
describe('identity (issue 24)', () => {
  it('same person, new phone: name and e-mail alone get nothing; the e-mailed link opens her order there', async () => {
    const { id, code } = await openOrder();
    const alice = `alice-${Date.now()}@example.com`;
    const phoneA = await browser.newUser(PHONE);
    const phoneB = await browser.newUser(PHONE);
    const visited: string[] = [];
    for (const user of [phoneA, phoneB]) {
      user.page.on('framenavigated', (frame) => {
        if (frame === user.page.mainFrame()) visited.push(frame.url());
      });
    }

    // Phone A: Alice joins with her address, orders a Latte with a note, confirms.
    await join(phoneA.page, code, 'Alice', alice);
    await phoneA.page.waitForURL(`**/apps/group-order/order/${id}?**`);
    await addItem(phoneA.page, 'Latte');
    await phoneA.page.getByRole('button', { name: 'Review My Order' }).click();
    await phoneA.page.getByRole('heading', { name: 'Review Your Order' }).waitFor();
    await phoneA.page.getByPlaceholder('No onions, extra sauce, etc...').fill('Oat milk for Alice');
    await phoneA.page.getByRole('button', { name: 'Confirm My Order' }).click();
    await phoneA.page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    await phoneA.page.getByText('1x Latte').waitFor();

    // Phone B: the same name and address. Refused as a name already taken; nothing of Alice's shown.
    await join(phoneB.page, code, 'Alice', alice);
    await phoneB.page
      .getByRole('alert')
      .filter({ hasText: 'Someone called Alice has already joined' })
      .waitFor();
    expect(phoneB.page.url()).toContain(`/apps/group-order/join/${code}`);
    const offer = phoneB.page.getByTestId('guest-link-offer');
    await offer.getByRole('heading', { name: 'Ordered as Alice on another device?' }).waitFor();
    expect(await offer.getByLabel('E-mail you ordered with').inputValue()).toBe(alice);
    await closeToasts(phoneB.page, { untilGone: true }).catch(() => {});
    await screenshot(phoneB.page, 'identity-join-name-taken-390');
    // Straight to the menu as "Alice" and on to Confirm: refused the same way on the Review page.
    await phoneB.page.goto(`/apps/group-order/order/${id}?guest=Alice`);
    await hydrated(phoneB.page);
    await addItem(phoneB.page, 'Flat White');
    await phoneB.page.getByRole('button', { name: 'Review My Order' }).click();
    await phoneB.page.getByRole('heading', { name: 'Review Your Order' }).waitFor();
    await phoneB.page.getByRole('button', { name: 'Confirm My Order' }).click();
    await phoneB.page.getByTestId('review-problem').filter({ hasText: 'Someone called Alice' }).waitFor();
    await phoneB.page.getByTestId('guest-link-offer').waitFor();
    await closeToasts(phoneB.page, { untilGone: true }).catch(() => {});
    await screenshot(phoneB.page, 'identity-review-name-taken-390');

    await phoneB.page.goto(`/apps/group-order/confirmed/${id}/Alice`);
    await phoneB.page.getByText('These items belong to someone else').waitFor();
    expect(await phoneB.page.getByText('1x Latte').count()).toBe(0);
    expect(await phoneB.page.getByText('Oat milk for Alice').count()).toBe(0);
    await screenshot(phoneB.page, 'identity-confirmed-not-yours-390');

    // She asks for the link from the confirmed page (the join page offers the same).
    await hydrated(phoneB.page);
    const confirmedOffer = phoneB.page.getByTestId('guest-link-offer');
    await confirmedOffer.getByLabel('E-mail you ordered with').fill(alice);
    await confirmedOffer.getByRole('button', { name: 'E-mail me a link' }).click();
    await confirmedOffer
      .getByText('If Alice ordered with that e-mail address, we have sent a link')
      .waitFor();
    await screenshot(phoneB.page, 'identity-link-sent-390');

    // Her mail app (the simulator's mailbox, in a page of its own).
    const inbox = await browser.newUser(PHONE);
    const mail = await mailText(inbox.page, alice, /Open your order in "Team Lunch"/);
    await inbox.context.close();
    expect(mail).toContain(code);
    const link = /https?:\/\/\S+\/guest\/link\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link).toBeTruthy();
    await phoneB.page.goto(link!);
    await phoneB.page.getByRole('heading', { name: "Open Alice's order here?" }).waitFor();
    await screenshot(phoneB.page, 'identity-guest-link-390');
    await hydrated(phoneB.page);
    await phoneB.page.getByRole('button', { name: 'Open my order here' }).click();
    await phoneB.page.waitForURL(`**/apps/group-order/confirmed/${id}/Alice**`);
    await phoneB.page.getByText('1x Latte').waitFor();
    await phoneB.page.getByTestId('guest-note').filter({ hasText: 'Oat milk for Alice' }).waitFor();

    // Phone B now edits her items; phone A sees the change (it keeps her order too).
    await phoneB.page.getByRole('button', { name: 'Increase Latte' }).click();
    await phoneB.page.getByText('2x Latte').waitFor();
    await closeToasts(phoneB.page, { untilGone: true }).catch(() => {});
    await screenshot(phoneB.page, 'identity-confirmed-new-phone-390');
    await phoneA.page.reload();
    await phoneA.page.getByText('2x Latte').waitFor();

    // The link works once.
    await phoneB.page.goto(link!);
    await phoneB.page.getByRole('heading', { name: 'This link no longer works' }).waitFor();

    // No page either phone opened carried the address.
    const leaked = visited.filter((url) => url.includes('email=') || url.includes(encodeURIComponent(alice)));
    expect(leaked).toEqual([]);
    for (const user of [phoneA, phoneB]) {
      expect(offProxyRequests(user.requests)).toEqual([]);
      await user.context.close();
    }
  });
});
