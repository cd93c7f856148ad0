import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
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
import polarisTranslations from '@shopify/polaris/locales/en.json';
import polarisStyles from '@shopify/polaris/build/esm/styles.css?url';
import { useState } from 'react';
import { login } from '~/shopify.server';

export const links = () => [{ rel: 'stylesheet', href: polarisStyles }];

type LoginErrors = { shop?: string };

function errorsFor(result: Awaited<ReturnType<typeof login>>): LoginErrors {
  if (result && typeof result === 'object' && 'shop' in result) {
    if (result.shop === 'MISSING_SHOP') return { shop: 'Please enter your shop domain to log in.' };
    if (result.shop === 'INVALID_SHOP')
      return { shop: 'Please enter a valid shop domain, such as my-shop.myshopify.com.' };
  }
  return {};
}

export async function loader({ request }: LoaderFunctionArgs) {
  return { errors: errorsFor(await login(request)), polarisTranslations };
}

export async function action({ request }: ActionFunctionArgs) {
  return { errors: errorsFor(await login(request)) };
}

export default function Auth() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [shop, setShop] = useState('');
  const { errors } = actionData ?? loaderData;
  return (
    <PolarisAppProvider i18n={loaderData.polarisTranslations}>
      <Page narrowWidth>
        <Card>
          <Form method="post">
            <FormLayout>
              <Text variant="headingMd" as="h2">
                Log in to Group Order
              </Text>
              <TextField
                type="text"
                name="shop"
                label="Shop domain"
                helpText="example.myshopify.com"
                value={shop}
                onChange={setShop}
                autoComplete="on"
                error={errors.shop}
              />
              <Button submit>Log in</Button>
            </FormLayout>
          </Form>
        </Card>
      </Page>
    </PolarisAppProvider>
  );
}
