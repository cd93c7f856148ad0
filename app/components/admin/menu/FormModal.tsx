import { useT } from '~/components/i18n';
import { Modal } from '@shopify/polaris';
import { type ReactNode } from 'react';

export function FormModal(props: {
  title: string;
  onClose: () => void;
  onSave: () => void;
  busy: boolean;
  saveLabel?: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Modal
      open
      onClose={props.onClose}
      title={props.title}
      primaryAction={{
        content: props.saveLabel ?? t('admin.form.save'),
        onAction: props.onSave,
        loading: props.busy,
      }}
      secondaryActions={[{ content: t('admin.form.cancel'), onAction: props.onClose }]}
    >
      <Modal.Section>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            props.onSave();
          }}
        >
          {props.children}
          <button type="submit" hidden />
        </form>
      </Modal.Section>
    </Modal>
  );
}
