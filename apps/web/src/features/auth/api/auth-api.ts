import type { TLoginRequest, TLoginResponse, TRegisterRequest, TUserInfo } from '@caravan/contracts';
import { api } from '../../../lib/api';

export function loginBuyer(body: TLoginRequest): Promise<TLoginResponse> {
  return api.post<TLoginResponse>('/auth/login', body);
}

export function registerBuyer(body: TRegisterRequest): Promise<TLoginResponse> {
  return api.post<TLoginResponse>('/auth/register', body);
}

export function fetchCurrentUser(): Promise<{ user: TUserInfo }> {
  return api.get<{ user: TUserInfo }>('/auth/me');
}
