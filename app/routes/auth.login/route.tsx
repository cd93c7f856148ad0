import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import {
  AppProvider as PolarisAppProvider,
  Button,
  Card,
  FormLayout,
  Page,
  Text,
  TextField,
} from '@shopify/polaris';
import polarisStyles from '@shopify/polaris/build/esm/styles.css?url';
import { useState } from 'react';
import { LanguageProvider, sayOutside, useT } from '~/components/i18n';
import { loginLanguage } from '~/i18n.server';
import { login } from '~/shopify.server';

export const links = () => [{ rel: 'stylesheet', href: polarisStyles }];

// The title in the page's language, from the messages its loader sent (meta runs outside React).
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? sayOutside(data, 'admin.login.title') : 'Log in to Group Order' },
];

/** The message id of what is wrong with the shop domain, if anything (shown in the page's language). */
type LoginErrors = { shop?: 'admin.login.missingShop' | 'admin.login.invalidShop' };

function errorsFor(result: Awaited<ReturnType<typeof login>>): LoginErrors {
  if (result && typeof result === 'object' && 'shop' in result) {
    if (result.shop === 'MISSING_SHOP') return { shop: 'admin.login.missingShop' };
    if (result.shop === 'INVALID_SHOP') return { shop: 'admin.login.invalidShop' };
  }
  return {};
}

export async function loader({ request }: LoaderFunctionArgs) {
  // No shop yet: the `locale` parameter, else the browser's language (admin messages and Polaris's own).
  return { errors: errorsFor(await login(request)), ...loginLanguage(request) };
}

export async function action({ request }: ActionFunctionArgs) {
  return { errors: errorsFor(await login(request)) };
}

export default function Auth() {
  const { language, intlLocale, messages, polaris } = useLoaderData<typeof loader>();
  return (
    <PolarisAppProvider i18n={polaris}>
      <LanguageProvider language={language} intlLocale={intlLocale} messages={messages}>
        <LoginForm />
      </LanguageProvider>
    </PolarisAppProvider>
  );
}

function LoginForm() {
  const t = useT();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [shop, setShop] = useState('');
  const { errors } = actionData ?? loaderData;
  return (
    <Page narrowWidth>
      <Card>
        <Form method="post">
          <FormLayout>
            <Text variant="headingMd" as="h2">
              {t('admin.login.title')}
            </Text>
            <TextField
              type="text"
              name="shop"
              label={t('admin.login.shop')}
              helpText="example.myshopify.com"
              value={shop}
              onChange={setShop}
              autoComplete="on"
              error={errors.shop ? t(errors.shop) : undefined}
            />
            <Button submit>{t('admin.login.submit')}</Button>
          </FormLayout>
        </Form>
      </Card>
    </Page>
  );
}
