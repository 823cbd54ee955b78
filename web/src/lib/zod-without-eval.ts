import { config } from 'zod';

// zod compiles object schemas with `new Function` unless told not to; the pages' CSP forbids eval,
// and even zod's guarded probe is reported as a violation (Chrome's Issues panel, Lighthouse).
// Imported by the route modules whose pages validate with zod (the guest page's form, the
// client-rendered pages) and by whatever loads a form's checks later (lazy-zod-resolver.ts, the
// dialogs of /my_calendars, the checks of the wizard and Settings, the delete-account dialog); it
// sits in zod's chunk (vite.config.ts), so it costs no request.
config({ jitless: true });
