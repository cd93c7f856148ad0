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
  return (
    <Modal
      open
      onClose={props.onClose}
      title={props.title}
      primaryAction={{ content: props.saveLabel ?? 'Save', onAction: props.onSave, loading: props.busy }}
      secondaryActions={[{ content: 'Cancel', onAction: props.onClose }]}
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
