import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { readFormBody } from '~/lib/body.server';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { BlockStack, Button, Layout, Page } from '@shopify/polaris';
import { PaymentMailCard, ShopCard, TimingCard } from '~/components/admin/settings/SettingsCards';
import { useSettingsForm } from '~/components/admin/settings/useSettingsForm';
import { getAdminSettings } from '~/models/shop/adminSettings.server';
import { enabledPaymentMethods, SettingsSchema, updateShopSettings } from '~/models/shop/settings.server';
import { authenticate } from '~/shopify.server';
import { withHttpErrors } from '~/lib/http.server';
import { timeZoneOptions } from '~/lib/timeZones';
import { useT } from '~/components/i18n';
import { adminTitle } from '~/components/admin/adminLocale';
import { pageLanguage } from '~/i18n.server';
import { adminSay, issueSaid } from '~/lib/sentences.server';

export { adminHeaders as headers } from '~/shopify.server';

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const { session, admin } = await authenticate.admin(request);
  // The shop's primary language may have changed in Shopify since: read again whenever the settings load.
  const settings = await getAdminSettings(session.shop, admin.graphql, { freshLocale: true });
  return {
    settings: { ...settings, paymentMethods: enabledPaymentMethods(settings) },
    // The saved zone stays choosable even when the runtime no longer lists it (an old alias).
    timeZones: timeZoneOptions([...new Set([...Intl.supportedValuesOf('timeZone'), settings.timeZone])]),
  };
});

export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const form = await readFormBody(request);
  const result = SettingsSchema.safeParse({
    ...Object.fromEntries(form),
    paymentMethods: form.getAll('paymentMethods'),
  });
  if (!result.success) {
    // Each field's sentence in the admin's language (the form posts to this page's URL, `locale` and all).
    const say = adminSay(await pageLanguage(request, session.shop));
    const errors = Object.fromEntries(
      result.error.issues.map((issue) => [String(issue.path[0]), say(issueSaid(issue))]),
    );
    return Response.json({ ok: false, errors }, { status: 400 });
  }
  await updateShopSettings(session.shop, result.data);
  return { ok: true, errors: {} as Record<string, string> };
});

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle(matches, 'settings') }];

export default function Settings() {
  const { settings, timeZones } = useLoaderData<typeof loader>();
  const t = useT();
  const navigation = useNavigation();
  const form = useSettingsForm(settings);

  return (
    <Page title={t('admin.settings.title')} narrowWidth>
      <Form method="post">
        {Object.entries(form.values).map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        {form.methods.map((method) => (
          <input key={method} type="hidden" name="paymentMethods" value={method} />
        ))}
        <Layout>
          <Layout.Section>
            <BlockStack gap="400">
              <ShopCard form={form} timeZones={timeZones} />
              <TimingCard form={form} />
              <PaymentMailCard form={form} />
              <Button submit variant="primary" loading={navigation.state === 'submitting'}>
                {t('admin.settings.save')}
              </Button>
            </BlockStack>
          </Layout.Section>
        </Layout>
      </Form>
    </Page>
  );
}
