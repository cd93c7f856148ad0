import { Form, useNavigation } from '@remix-run/react';
import { Button, Card, InlineStack, TextField } from '@shopify/polaris';
import { useState } from 'react';

/** The dashboard's search (a GET form, so the URL keeps it); clearing it shows the tab's whole list again. */
export function OrderSearch({ tab, query, onClear }: { tab: string; query: string; onClear: () => void }) {
  const navigation = useNavigation();
  const [search, setSearch] = useState(query);
  return (
    <Card>
      <Form method="get" role="search">
        <input type="hidden" name="tab" value={tab} />
        <InlineStack gap="200" blockAlign="end" wrap={false}>
          <div style={{ flex: 1 }}>
            <TextField
              label="Search orders"
              name="q"
              value={search}
              onChange={setSearch}
              placeholder="Code, group name, company, host name or e-mail"
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
            Search
          </Button>
        </InlineStack>
      </Form>
    </Card>
  );
}
