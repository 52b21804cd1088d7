import type { CreateUserBody, Scope, User } from '@romshelf/contract';

import type { UserRow } from '../../db/schema.js';
import { HttpError, forbidden, notAuthenticated } from '../../http/http-error.js';
import { nowIso } from '../../lib/time.js';
import { hashPassword } from '../auth/password.js';
import { toUserDto } from './users.mapper.js';
import type { UsersRepository } from './users.repository.js';

export interface Caller {
  user: UserRow | null;
  scopes: readonly Scope[];
}

export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  /**
   * Creates an account. Anonymous callers may only create the first admin, while no admin exists
   * (the role is forced to admin); afterwards creating users needs `users.write`, and only
   * admins may create admins.
   */
  async create(caller: Caller, body: CreateUserBody): Promise<User> {
    const setup = caller.user === null;
    if (setup) {
      // Cheap early answer; the transaction below re-checks to close the race.
      if (await this.users.adminExists()) throw notAuthenticated();
    } else {
      if (!caller.scopes.includes('users.write')) throw forbidden();
      if (body.role === 'admin' && caller.user?.role !== 'admin') throw forbidden();
    }

    const now = nowIso();
    const email =
      body.email === undefined || body.email === null || body.email === '' ? null : body.email;
    const result = await this.users.insertChecked(
      {
        username: body.username.toLowerCase(),
        email: email?.toLowerCase() ?? null,
        password_hash: await hashPassword(body.password),
        enabled: 1,
        role: setup ? 'admin' : body.role,
        avatar_path: '',
        ra_username: null,
        ra_progression: null,
        ui_settings: null,
        last_login: null,
        last_active: null,
        created_at: now,
        updated_at: now,
      },
      { onlyIfNoAdmin: setup },
    );
    switch (result.outcome) {
      case 'created':
        return toUserDto(result.user);
      case 'admin-exists':
        throw notAuthenticated();
      case 'username-taken':
        throw new HttpError(409, 'Username already exists');
      case 'email-taken':
        throw new HttpError(409, 'Email already exists');
    }
  }
}
