import type { Translate } from '~/lib/language';
import { useT } from '~/components/i18n';
import HostQuestionDialog from './HostQuestionDialog';

/** "Submit 14 items from 6 people to Demo Coffee?": asked before the order goes to the shop (HostControls). */
/** "2 people are still choosing: Ana, Bob K." (null: still asking the server). */
function choosingText(names: string[], t: Translate) {
  const said = t('host.submit.choosing', { count: names.length, names: names.join(', ') });
  return `${said}${/[.!?]$/.test(names.at(-1) ?? '') ? '' : '.'}`;
}

export default function SubmitDialog({
  question,
  choosing = [],
  onSubmit,
  onCancel,
}: {
  question: string;
  /** Guests who joined but have not confirmed anything; null while the dashboard asks. */
  choosing?: string[] | null;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <HostQuestionDialog
      title={question}
      description={t('host.submit.body')}
      answer={t('host.submit.answer')}
      back={t('host.submit.cancel')}
      onAnswer={onSubmit}
      onCancel={onCancel}
    >
      {choosing === null ? (
        <p className="muted small" role="status">
          {t('host.submit.checking')}
        </p>
      ) : choosing.length ? (
        <div className="notice notice--warning small" role="status" data-testid="still-choosing">
          <strong>{choosingText(choosing, t)}</strong> {t('host.submit.choosingBody')}
        </div>
      ) : null}
    </HostQuestionDialog>
  );
}
