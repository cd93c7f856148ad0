import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import {
  BlockStack,
  Button,
  Card,
  DataTable,
  EmptyState,
  InlineStack,
  Layout,
  Page,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useLanguage, useT } from '~/components/i18n';
import { adminTitle, useAdminPath } from '~/components/admin/adminLocale';
import { AdminRefusal } from '~/components/admin/AdminRefusal';
import { useSearchUpdate } from '~/components/admin/useSearchUpdate';
import { formatMoney } from '~/lib/money';
import { jsonError, withHttpErrors } from '~/lib/http.server';
import { StatementQuerySchema, statementRefusal } from '~/lib/schemas/statement';
import { pageLanguage } from '~/i18n.server';
import { getAdminSettings } from '~/models/shop/adminSettings.server';
import { monthOf, monthlyStatement, statementCompanies } from '~/models/groupOrder/monthlyStatement.server';
import { statementLink } from '~/models/groupOrder/statementLinks.server';
import { authenticate } from '~/shopify.server';

// Statements (issue 25, "On Account (Billed Monthly)"): the merchant picks a month (the shop's time zone)
// and a company and sees that company's group orders of the month with what the company owes for each,
// and downloads it as CSV or opens it to print (signed links: a download and a new tab carry no session).

export { adminHeaders as headers } from '~/shopify.server';

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const { session, admin } = await authenticate.admin(request);
  const shop = session.shop;
  const settings = await getAdminSettings(shop, admin.graphql);
  const zone = settings.timeZone;
  const search = new URL(request.url).searchParams;
  const parsed = StatementQuerySchema.safeParse({
    month: search.get('month') || monthOf(new Date(), zone),
    company: search.get('company') || undefined,
  });
  if (!parsed.success) {
    const { t } = await pageLanguage(request, shop);
    throw jsonError(400, t(statementRefusal(parsed.error.issues)));
  }
  const { month, company } = parsed.data;
  const companies = await statementCompanies(shop, month, zone);
  const statement = company ? await monthlyStatement(shop, company, month, zone) : null;
  const query = company ? { company, month } : null;
  return {
    month,
    company: company ?? '',
    timeZone: zone,
    currency: settings.currency,
    companies,
    statement,
    links: query && {
      csv: statementLink('csv', shop, query),
      print: statementLink('print', shop, query),
    },
  };
});

export const meta: MetaFunction = ({ matches }) => [
  { title: adminTitle(matches, 'statements', 'money.statement.nav') },
];

const LINK = {
  padding: '6px 12px',
  border: '1px solid #8a8a8a',
  borderRadius: 8,
  color: 'inherit',
  textDecoration: 'none',
  fontWeight: 550,
} as const;

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** The month and the company, from the companies with orders that month. */
function Picker({ data }: { data: Data }) {
  const t = useT();
  const [, update] = useSearchUpdate();
  const [month, setMonth] = useState(data.month);
  const options = [
    { label: t('money.statement.pickCompany'), value: '' },
    ...data.companies.map((c) => ({
      label: t('money.statement.companyOption', { name: c.name, count: c.orders }),
      value: c.name,
    })),
  ];
  const known = data.companies.some((c) => c.name === data.company);
  if (data.company && !known) options.push({ label: data.company, value: data.company });
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="400" blockAlign="end" wrap>
          <TextField
            label={t('money.statement.month')}
            type="month"
            name="month"
            autoComplete="off"
            value={month}
            onChange={setMonth}
            onBlur={() => (month !== data.month ? update({ month, company: null }) : undefined)}
            helpText={t('money.statement.timeZone', { zone: data.timeZone })}
          />
          <Select
            label={t('money.statement.company')}
            name="company"
            options={options}
            value={data.company}
            onChange={(company) => update({ month, company: company || null })}
          />
          <Button onClick={() => update({ month, company: data.company || null })}>
            {t('money.statement.show')}
          </Button>
        </InlineStack>
        {data.companies.length === 0 ? <Text as="p">{t('money.statement.noCompanies')}</Text> : null}
      </BlockStack>
    </Card>
  );
}

/** The company's orders of the month and what the company owes. */
function Statement({ data }: { data: Data }) {
  const t = useT();
  const { intlLocale } = useLanguage();
  const path = useAdminPath();
  const statement = data.statement!;
  const say = (cents: number, currency: string) => formatMoney(cents, currency, intlLocale);
  const day = new Intl.DateTimeFormat(intlLocale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  if (!statement.lines.length)
    return (
      <Card>
        <EmptyState heading={t('money.statement.emptyHeading', { company: data.company })} image="">
          <p>{t('money.statement.empty')}</p>
        </EmptyState>
      </Card>
    );
  return (
    <Card padding="0">
      <div style={{ padding: '16px 16px 0' }}>
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            {t('money.statement.heading', {
              company: statement.company,
              month: new Intl.DateTimeFormat(intlLocale, {
                month: 'long',
                year: 'numeric',
                timeZone: 'UTC',
              }).format(new Date(`${statement.month}-15T12:00:00Z`)),
            })}
          </Text>
          {/* Plain links, as the prep board's prints: a download and a new tab, not a page of the app. */}
          <InlineStack gap="400">
            <a href={path(data.links!.csv)} download style={LINK}>
              {t('money.statement.downloadCsv')}
            </a>
            <a href={path(data.links!.print)} target="_blank" rel="noreferrer" style={LINK}>
              {t('money.statement.openPdf')}
            </a>
          </InlineStack>
        </InlineStack>
      </div>
      <DataTable
        columnContentTypes={['text', 'text', 'text', 'text', 'text', 'numeric']}
        headings={['date', 'order', 'host', 'costCode', 'mode', 'companyPart'].map((key) =>
          t(`money.statement.col.${key}`),
        )}
        rows={statement.lines.map((line) => [
          day.format(new Date(`${line.date}T12:00:00Z`)),
          [line.title, line.code, line.shopifyName].filter(Boolean).join(' · '),
          line.hostName,
          line.costCode ?? '—',
          t(`money.statement.mode.${line.mode}`),
          say(line.companyCents, line.currency),
        ])}
        totals={['', '', '', '', '', statement.totals.map((s) => say(s.cents, s.currency)).join(' + ')]}
        totalsName={{ singular: t('money.statement.monthTotal'), plural: t('money.statement.monthTotal') }}
        showTotalsInFooter
      />
    </Card>
  );
}

export default function Statements() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <Page title={t('money.statement.nav')} subtitle={t('money.statement.intro')}>
      <Layout>
        <Layout.Section>
          <Picker data={data} />
        </Layout.Section>
        {data.statement ? (
          <Layout.Section>
            <Statement data={data} />
          </Layout.Section>
        ) : null}
      </Layout>
    </Page>
  );
}

/** A month or company that cannot be read: its sentence, and the way back to this month's statements. */
export function ErrorBoundary() {
  const t = useT();
  return (
    <AdminRefusal
      title={t('money.statement.nav')}
      back={{ content: t('money.statement.nav'), path: '/app/statements' }}
    />
  );
}
