import { describe, expect, it } from 'vitest';
import { getInitials } from './display-name.ts';

describe('getInitials', () => {
  it('takes the first and last word', () => {
    expect(getInitials('Anna Maria Berg')).toBe('AB');
    expect(getInitials('maria')).toBe('M');
  });

  it('keeps initials the server already made', () => {
    expect(getInitials('A. B.')).toBe('AB');
    expect(getInitials('AB')).toBe('A');
  });

  it('has no letters for a hidden sender or an empty name', () => {
    expect(getInitials('A friend')).toBe('');
    expect(getInitials('  ')).toBe('');
  });

  it('handles letters beyond ASCII', () => {
    expect(getInitials('Élodie Ørsted')).toBe('ÉØ');
  });
});
