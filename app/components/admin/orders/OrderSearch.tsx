import { Form, useNavigation } from '@remix-run/react';
import { Button, Card, InlineStack, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useT } from '~/components/i18n';
import { AdminLocaleField } from '../adminLocale';

/**
 * The dashboard's search (a GET form, so the URL keeps it). It sends no tab: a search looks through all
 * orders, and the tabs can narrow it afterwards. Clearing it shows the Active Orders list again.
 */
export function OrderSearch({ query, onClear }: { query: string; onClear: () => void }) {
  const t = useT();
  const navigation = useNavigation();
  const [search, setSearch] = useState(query);
  return (
    <Card>
      <Form method="get" role="search">
        <AdminLocaleField />
        <InlineStack gap="200" blockAlign="end" wrap={false}>
          <div style={{ flex: 1 }}>
            <TextField
              label={t('admin.search.label')}
              name="q"
              value={search}
              onChange={setSearch}
              placeholder={t('admin.search.placeholder')}
              autoComplete="off"
              clearButton
              onClearButtonClick={() => {
                setSearch('');
                onClear();
              }}
            />
          </div>
          <Button
            submit
            loading={navigation.state === 'loading' && navigation.location?.search.includes('q=')}
          >
            {t('admin.search.submit')}
          </Button>
        </InlineStack>
      </Form>
    </Card>
  );
}
