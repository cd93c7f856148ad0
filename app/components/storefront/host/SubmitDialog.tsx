import HostQuestionDialog from './HostQuestionDialog';

/** "Submit 14 items from 6 people to Demo Coffee?": asked before the order goes to the shop (HostControls). */
/** "2 people are still choosing: Ana, Bob K." (null: still asking the server). */
export function choosingText(names: string[]) {
  const who = names.length === 1 ? '1 person is' : `${names.length} people are`;
  return `${who} still choosing: ${names.join(', ')}${/[.!?]$/.test(names.at(-1) ?? '') ? '' : '.'}`;
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
  return (
    <HostQuestionDialog
      title={question}
      description="The shop receives the order at once, and guests can no longer add items. You can reopen it with Edit This Order if something must change."
      answer="Submit"
      back="Cancel"
      onAnswer={onSubmit}
      onCancel={onCancel}
    >
      {choosing === null ? (
        <p className="muted small" role="status">
          Checking who is still choosing…
        </p>
      ) : choosing.length ? (
        <div className="notice notice--warning small" role="status" data-testid="still-choosing">
          <strong>{choosingText(choosing)}</strong> They joined but have not confirmed anything, so nothing of
          theirs is in the order if you submit now.
        </div>
      ) : null}
    </HostQuestionDialog>
  );
}
