import { z } from 'zod';
import { EmailSchema } from './email.ts';

export const SubscribeRequestSchema = z.object({ email: EmailSchema });
export type SubscribeRequest = z.infer<typeof SubscribeRequestSchema>;

/** The same answer for a new and a repeated address, so the endpoint reveals nothing. */
export type SubscribeResponse = { subscribed: true };
