// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-zod-resolver.ts';

const EmailSchema = z.object({ email: z.string().trim().min(1, 'Please enter your e-mail address.') });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it('checks with the schema it loads, loading it once however often it is warmed or used', async () => {
    const load = vi.fn(async () => EmailSchema);
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();
    resolver.warm();
    resolver.warm();
    const refused = await resolver({ email: ' ' }, undefined, options);
    expect(refused.errors.email?.message).toBe('Please enter your e-mail address.');
    const accepted = await resolver({ email: ' a@b.example ' }, undefined, options);
    expect(accepted).toEqual({ values: { email: 'a@b.example' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again on the next send when loading failed (a dropped connection)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValue(EmailSchema);
    const resolver = lazyZodResolver(load);
    resolver.warm();
    await expect(resolver({ email: '' }, undefined, options)).rejects.toThrow('network');
    const retried = await resolver({ email: '' }, undefined, options);
    expect(retried.errors.email?.message).toBe('Please enter your e-mail address.');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
