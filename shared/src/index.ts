export * from './constants.ts';
export * from './errors.ts';
export * from './table.ts';
export * from './routes.ts';
export * from './schemas/common.ts';
export * from './schemas/auth.ts';
export * from './schemas/config.ts';
export * from './schemas/user.ts';
