/** What route modules receive: the configuration and the long-lived services of one app. */
import type { Auth } from './auth/auth.ts';
import type { Config } from './config/config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';

export interface AppContext {
  config: Config;
  database: Database;
  auth: Auth;
  mailer: Mailer;
}
