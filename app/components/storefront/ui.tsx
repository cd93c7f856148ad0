import { Link } from '@remix-run/react';
import type {
  ButtonHTMLAttributes,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { useId } from 'react';
import { useT } from '~/components/i18n';

// Small, dependency-free building blocks for storefront pages (Polaris stays in the admin).

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export function Button({
  variant = 'primary',
  className = '',
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'variant'> & { variant?: Variant }) {
  return <button type="button" className={`btn btn--${variant} ${className}`} {...props} />;
}

export function ButtonLink({
  to,
  variant = 'primary',
  className = '',
  children,
  reloadDocument,
}: {
  to: string;
  variant?: Variant;
  className?: string;
  children: ReactNode;
  reloadDocument?: boolean;
}) {
  return (
    <Link to={to} className={`btn btn--${variant} ${className}`} reloadDocument={reloadDocument}>
      {children}
    </Link>
  );
}

export function Card({
  children,
  className = '',
  as: Tag = 'section',
}: {
  children: ReactNode;
  className?: string;
  as?: 'section' | 'div' | 'article';
}) {
  return <Tag className={`card ${className}`}>{children}</Tag>;
}

export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: 'success' | 'info' | 'warning' | 'neutral' | 'critical';
  children: ReactNode;
}) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}

export function Spinner({ label }: { label?: string }) {
  const t = useT();
  label ??= t('ui.loading');
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__dot" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

export function Skeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div className="skeleton" aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton__line" style={{ width: `${90 - i * 15}%` }} />
      ))}
    </div>
  );
}

type FieldProps = { label: string; hint?: ReactNode; error?: string | null; optional?: boolean };

function FieldShell({
  id,
  label,
  hint,
  error,
  optional,
  children,
}: FieldProps & { id: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className={`field ${error ? 'field--error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {optional ? <span className="field__optional"> {t('ui.optional')}</span> : null}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError error={error} id={`${id}-error`} />
    </div>
  );
}

/** A field's problem, announced as it appears; nothing when there is none. */
export function FieldError({ error, id }: { error: ReactNode; id?: string }) {
  if (!error) return null;
  return (
    <p className="field__error" id={id} role="alert">
      {error}
    </p>
  );
}

function describedBy(id: string, hint: unknown, error: unknown) {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

export function TextField({
  label,
  hint,
  error,
  optional,
  id,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error} optional={optional}>
      <input
        id={fieldId}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...input}
      />
    </FieldShell>
  );
}

export function TextArea({
  label,
  hint,
  error,
  optional,
  id,
  ...input
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error} optional={optional}>
      <textarea
        id={fieldId}
        className="input input--area"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...input}
      />
    </FieldShell>
  );
}

export function SelectField({
  label,
  hint,
  error,
  optional,
  id,
  options,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { options: { value: string; label: string }[] }) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error} optional={optional}>
      <select
        id={fieldId}
        className="input input--select"
        aria-describedby={describedBy(fieldId, hint, error)}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A whole-page message: not found, closed, errors. */
export function EmptyState({
  title,
  children,
  actions,
  headingLevel: Heading = 'h2',
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** h1 when the empty state is the whole page, so the page still has a main heading. */
  headingLevel?: 'h1' | 'h2';
}) {
  return (
    <div className="empty-state">
      <Heading className="empty-state__title">{title}</Heading>
      {children ? <div className="empty-state__body">{children}</div> : null}
      {actions ? <div className="empty-state__actions">{actions}</div> : null}
    </div>
  );
}

export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className="page-header">
      {eyebrow ? <p className="page-header__eyebrow">{eyebrow}</p> : null}
      <h1 className="page-header__title">{title}</h1>
      {children}
    </header>
  );
}
