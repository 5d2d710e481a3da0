/**
 * The account a profile's API key belongs to, and what a person may change of it. Part of the
 * shared models (see ../models.ts).
 */

export interface Account {
  id: number;
  email: string;
  username: string;
  avatar: string;
  /** Plan, such as `pro`. */
  status: string;
  /** When the plan expires, or null when it does not. */
  expires: string | null;
  registered: string;
}

export interface AccountUpdate {
  email?: string;
  password?: string;
}
