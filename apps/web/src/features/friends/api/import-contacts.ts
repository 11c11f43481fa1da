import type {
  ImportConfirmInput,
  ImportConfirmResult,
  ImportPreview,
} from '@fitcoach/shared/invitations';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Sends the file's text: the server parses it (one CSV reader, one set of rules). */
export function previewImport(csv: string) {
  return api.post<ImportPreview>('/api/friends/import', { csv });
}

export function confirmImport(input: ImportConfirmInput) {
  return api.post<ImportConfirmResult>('/api/friends/import/confirm', input);
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

export function useConfirmImport() {
  return useMutation({ mutationFn: confirmImport });
}
