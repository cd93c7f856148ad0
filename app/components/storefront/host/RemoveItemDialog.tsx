import HostQuestionDialog from './HostQuestionDialog';

/** "Remove 3x Flat White from Cleo's order?": the host's removal, asked in the app's own dialog. */
export default function RemoveItemDialog({
  what,
  guestName,
  onRemove,
  onCancel,
}: {
  what: string;
  guestName: string;
  onRemove: () => void;
  onCancel: () => void;
}) {
  return (
    <HostQuestionDialog
      title={
        <>
          Remove {what} from {guestName}&apos;s order?
        </>
      }
      description={`${guestName} sees it on their order page, and gets an e-mail if they gave an address.`}
      answer="Remove"
      answerVariant="danger"
      back="Keep it"
      onAnswer={onRemove}
      onCancel={onCancel}
    />
  );
}
