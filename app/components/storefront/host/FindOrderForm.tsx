import { Form, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useToast } from '~/components/storefront/toast';
import { Button, Card, FieldError } from '~/components/storefront/ui';
import { CODE_INPUT_MAX, normalizeCode } from '~/lib/code';
import type { FindMethod } from '~/models/groupOrder/findOrder.server';
import { useT } from '~/components/i18n';

export type FindProblem = { title: string; message: string };

/** Search by order code or by e-mail, as two segments of one radio group. */
function SearchMethodChoice({
  method,
  onChange,
}: {
  method: FindMethod;
  onChange: (method: FindMethod) => void;
}) {
  const t = useT();
  return (
    <fieldset className="host-segmented">
      <legend className="visually-hidden">{t('find.searchBy')}</legend>
      {(['code', 'email'] as const).map((option) => (
        <label key={option} className={`host-segmented__option ${method === option ? 'is-selected' : ''}`}>
          <input
            type="radio"
            name="method"
            value={option}
            checked={method === option}
            onChange={() => onChange(option)}
          />
          <span>{option === 'code' ? t('find.orderCode') : t('find.yourEmail')}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The order code (typed in capitals) or the host's e-mail address, with its hint and its problem. */
function FindQueryField({
  method,
  query,
  setQuery,
  error,
}: {
  method: FindMethod;
  query: string;
  setQuery: (query: string) => void;
  error: string | null;
}) {
  const t = useT();
  return (
    <div className={`field ${error ? 'field--error' : ''}`}>
      <label className="field__label" htmlFor="find-query">
        {method === 'code' ? t('find.codeLabel') : t('find.emailLabel')}
      </label>
      <input
        id="find-query"
        className={`input ${method === 'code' ? 'host-code-input' : ''}`}
        name={method}
        type={method === 'email' ? 'email' : 'text'}
        inputMode={method === 'email' ? 'email' : 'text'}
        autoComplete={method === 'email' ? 'email' : 'off'}
        autoCapitalize={method === 'code' ? 'characters' : 'none'}
        maxLength={method === 'code' ? CODE_INPUT_MAX : 254}
        placeholder={method === 'code' ? 'ABC123' : 'you@company.com'}
        value={query}
        onChange={(event) =>
          setQuery(method === 'code' ? event.target.value.toUpperCase() : event.target.value)
        }
        aria-invalid={error ? true : undefined}
        aria-describedby="find-hint"
      />
      <p className="field__hint" id="find-hint">
        {method === 'code' ? t('find.codeHint') : t('find.emailHint')}
      </p>
      <FieldError error={error} />
    </div>
  );
}

/**
 * Search by order code or by the host's e-mail. It checks the value before sending the GET the page's
 * loader answers, and shows (and toasts) the problem that answer brought back.
 */
export function FindOrderForm({
  loaded,
}: {
  loaded: { method: FindMethod; query: string; problem: FindProblem | null };
}) {
  const t = useT();
  const navigation = useNavigation();
  const submit = useSubmit();
  const toast = useToast();
  const [method, setMethod] = useState<FindMethod>(loaded.method);
  const [query, setQuery] = useState(loaded.query);
  const [error, setError] = useState<string | null>(null);
  const searching = navigation.state !== 'idle' && navigation.location?.pathname.endsWith('/find-order');

  useEffect(() => {
    setMethod(loaded.method);
    setQuery(loaded.query);
    if (loaded.problem)
      toast.show({ title: loaded.problem.title, description: loaded.problem.message, tone: 'error' });
  }, [loaded, toast]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = query.trim();
    // In the page's language; the English is the server's own (CODE_HINT, INVALID_EMAIL: locales.test.ts).
    if (!value) return setError(t(method === 'code' ? 'find.enterCode' : 'find.enterEmail'));
    if (method === 'code' && !normalizeCode(value)) return setError(t('find.codeInvalid'));
    if (method === 'email') {
      // The e-mail check (zod) loads on the first e-mail search, not with the page.
      const { isValidEmail } = await import('~/lib/hostForms');
      if (!isValidEmail(value)) return setError(t('host.valid.email'));
    }
    setError(null);
    // A code is a search (GET, the address can be shared); an e-mail is a request for links (POST: no
    // address in the URL, and the answer is the same whatever it hosts).
    if (method === 'code') submit({ code: normalizeCode(value)! }, { method: 'get' });
    else submit({ method, email: value }, { method: 'post' });
  }

  return (
    <Card>
      <Form method={method === 'code' ? 'get' : 'post'} onSubmit={onSubmit} noValidate className="stack">
        <p className="field__label host-find__label" aria-hidden="true">
          {t('find.searchBy')}
        </p>
        <SearchMethodChoice
          method={method}
          onChange={(option) => {
            setMethod(option);
            setQuery('');
            setError(null);
          }}
        />
        <FindQueryField method={method} query={query} setQuery={setQuery} error={error} />
        {loaded.problem ? (
          <div className="notice notice--critical" role="alert">
            <strong>{loaded.problem.title}</strong>
            <div className="small">{loaded.problem.message}</div>
          </div>
        ) : null}
        <Button type="submit" className="btn--block" disabled={searching}>
          {searching ? t('find.searching') : t('find.submit')}
        </Button>
      </Form>
    </Card>
  );
}
