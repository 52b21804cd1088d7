/** The account field checks live in lib so the settings forms share them. */
export * from '@/shared/account-validation';
