import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { readFormBody } from '~/lib/body.server';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import {
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  Layout,
  Page,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { PAYMENT_LABELS, PAYMENT_METHODS } from '~/lib/payment';
import { getAdminSettings } from '~/models/shop/adminSettings.server';
import { enabledPaymentMethods, SettingsSchema, updateShopSettings } from '~/models/shop/settings.server';
import { authenticate } from '~/shopify.server';
import { withHttpErrors } from '~/lib/http.server';

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const { session, admin } = await authenticate.admin(request);
  const settings = await getAdminSettings(session.shop, admin.graphql);
  return {
    settings: { ...settings, paymentMethods: enabledPaymentMethods(settings) },
    timeZones: Intl.supportedValuesOf('timeZone'),
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
    const errors = Object.fromEntries(
      result.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
    );
    return Response.json({ ok: false, errors }, { status: 400 });
  }
  await updateShopSettings(session.shop, result.data);
  return { ok: true, errors: {} as Record<string, string> };
});

export default function Settings() {
  const { settings, timeZones } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ ok: boolean; errors: Record<string, string> }>();
  const navigation = useNavigation();
  const [values, setValues] = useState({
    shopName: settings.shopName,
    kitchenName: settings.kitchenName,
    timeZone: settings.timeZone,
    currency: settings.currency,
    pickupNoticeMinutes: String(settings.pickupNoticeMinutes),
    defaultPickupOffsetMinutes: String(settings.defaultPickupOffsetMinutes),
    defaultDeadlineOffsetMinutes: String(settings.defaultDeadlineOffsetMinutes),
    emailSenderName: settings.emailSenderName,
    merchantEmail: settings.merchantEmail ?? '',
  });
  const [methods, setMethods] = useState<string[]>(settings.paymentMethods);
  const errors = actionData?.errors ?? {};
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  useEffect(() => {
    if (actionData?.ok) shopify.toast.show('Settings saved');
    else if (actionData && !actionData.ok)
      shopify.toast.show('Check the highlighted fields', { isError: true });
  }, [actionData]);

  return (
    <Page title="Settings" narrowWidth>
      <Form method="post">
        {Object.entries(values).map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        {methods.map((method) => (
          <input key={method} type="hidden" name="paymentMethods" value={method} />
        ))}
        <Layout>
          <Layout.Section>
            <BlockStack gap="400">
              <Card>
                <FormLayout>
                  <TextField
                    label="Shop name shown to guests"
                    value={values.shopName}
                    onChange={set('shopName')}
                    autoComplete="off"
                    error={errors.shopName}
                    helpText="Leave empty to use the store's name."
                  />
                  <TextField
                    label="Pickup location (kitchen) name"
                    value={values.kitchenName}
                    onChange={set('kitchenName')}
                    autoComplete="off"
                    error={errors.kitchenName}
                  />
                  <Select
                    label="Time zone"
                    options={timeZones}
                    value={values.timeZone}
                    onChange={set('timeZone')}
                    error={errors.timeZone}
                  />
                  <TextField
                    label="Currency"
                    value={values.currency}
                    onChange={set('currency')}
                    autoComplete="off"
                    error={errors.currency}
                    maxLength={3}
                  />
                </FormLayout>
              </Card>
              <Card>
                <FormLayout>
                  <TextField
                    label="Pickup notice (minutes)"
                    type="number"
                    value={values.pickupNoticeMinutes}
                    onChange={set('pickupNoticeMinutes')}
                    autoComplete="off"
                    error={errors.pickupNoticeMinutes}
                    helpText="Pickup orders must be placed at least this long before pickup."
                  />
                  <FormLayout.Group>
                    <TextField
                      label="Default pickup (minutes from now)"
                      type="number"
                      value={values.defaultPickupOffsetMinutes}
                      onChange={set('defaultPickupOffsetMinutes')}
                      autoComplete="off"
                      error={errors.defaultPickupOffsetMinutes}
                    />
                    <TextField
                      label="Default deadline (minutes from now)"
                      type="number"
                      value={values.defaultDeadlineOffsetMinutes}
                      onChange={set('defaultDeadlineOffsetMinutes')}
                      autoComplete="off"
                      error={errors.defaultDeadlineOffsetMinutes}
                    />
                  </FormLayout.Group>
                </FormLayout>
              </Card>
              <Card>
                <FormLayout>
                  <BlockStack gap="100">
                    <Text as="h2" variant="headingSm">
                      Payment methods offered to hosts
                    </Text>
                    {PAYMENT_METHODS.map((method) => (
                      <Checkbox
                        key={method}
                        label={PAYMENT_LABELS[method]}
                        checked={methods.includes(method)}
                        onChange={(checked) =>
                          setMethods((m) => (checked ? [...m, method] : m.filter((x) => x !== method)))
                        }
                      />
                    ))}
                  </BlockStack>
                  {errors.paymentMethods ? (
                    <p style={{ color: 'var(--p-color-text-critical)' }}>{errors.paymentMethods}</p>
                  ) : null}
                  <TextField
                    label="E-mail sender name"
                    value={values.emailSenderName}
                    onChange={set('emailSenderName')}
                    autoComplete="off"
                    error={errors.emailSenderName}
                  />
                  <TextField
                    label="E-mail me when a group order is submitted"
                    type="email"
                    value={values.merchantEmail}
                    onChange={set('merchantEmail')}
                    autoComplete="email"
                    error={errors.merchantEmail}
                    helpText="Each submitted order is e-mailed here with a link to it in this admin. Leave empty to turn this off."
                  />
                </FormLayout>
              </Card>
              <Button submit variant="primary" loading={navigation.state === 'submitting'}>
                Save settings
              </Button>
            </BlockStack>
          </Layout.Section>
        </Layout>
      </Form>
    </Page>
  );
}
