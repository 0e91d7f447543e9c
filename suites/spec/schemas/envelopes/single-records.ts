import { singleOf } from './single-of.js';

export const singleContact = singleOf('contact');
export const singleAccount = singleOf('account');
export const singleOpportunity = singleOf('opportunity');
export const singleTask = singleOf('task');
export const singleNote = singleOf('note');
export const singleMeeting = singleOf('meeting');
export const singleCustomObject = singleOf('custom-object');
