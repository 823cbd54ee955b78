import type { AccountDeletionCheck, CurrentUser, DeleteAccountRequest } from '@firstday/common/account';
import type { AccountSettings } from '@firstday/common/account-settings';
import { getJson, postJson, putJson } from '../lib/api.ts';

export type SavedSettings = CurrentUser & { pending_email?: string };

export function saveAccountSettings(settings: AccountSettings): Promise<SavedSettings> {
  return putJson<SavedSettings>('/api/account/settings', settings);
}

export function changePassword(body: { currentPassword: string; newPassword: string }): Promise<unknown> {
  // Whoever knew the old password may have other sessions open; those end with the change.
  return postJson('/api/auth/change-password', { ...body, revokeOtherSessions: true });
}

export const ACCOUNT_DELETION_QUERY_KEY = ['account-deletion'] as const;

/** What must be settled (calendars still holding or moving money) before the account can be deleted. */
export function getAccountDeletionCheck({ signal }: { signal?: AbortSignal } = {}): Promise<AccountDeletionCheck> {
  return getJson<AccountDeletionCheck>('/api/account/deletion', { signal });
}

export function deleteAccount(body: DeleteAccountRequest): Promise<unknown> {
  return postJson('/api/account/delete', body);
}
