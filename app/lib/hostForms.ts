// The host forms' checks as the browser loads them, on demand (create, the invite box, Find order): zod is
// set to parse without compiling first (zodInBrowser.ts), then hosting.ts builds its schemas. The browser
// reaches zod only through here; server code imports hosting.ts itself.
import './zodInBrowser';

export { CreateGroupOrderSchema, fieldErrorsOf, isValidEmail } from './hosting';
