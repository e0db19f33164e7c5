import { defineResource } from '../operation';
import * as getBalance from './getBalance.operation';

export const resource = defineResource('Wallet', 'wallet', [getBalance]);
