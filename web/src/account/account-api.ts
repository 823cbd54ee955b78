import type { AccountSettings, CurrentUser } from '@firstday/common/account';
import { postJson, putJson } from '../lib/api.ts';

export type SavedSettings = CurrentUser & { pending_email?: string };

export function saveAccountSettings(settings: AccountSettings): Promise<SavedSettings> {
  return putJson<SavedSettings>('/api/account/settings', settings);
}

export function changePassword(body: { currentPassword: string; newPassword: string }): Promise<unknown> {
  // Whoever knew the old password may have other sessions open; those end with the change.
  return postJson('/api/auth/change-password', { ...body, revokeOtherSessions: true });
}

export type DeleteAccountRequest = { password: string } | { confirm: 'DELETE' };

export function deleteAccount(body: DeleteAccountRequest): Promise<unknown> {
  return postJson('/api/account/delete', body);
}
