/**
 * Catalog ids of the profile options the contract stores in English: sex and the
 * Indian states, shown in the active language; the stored values stay as they are.
 */
import type { INDIAN_STATES, SEX_OPTIONS } from '@diacare/contract/profile-options';
import type { MessageId } from '../../../lib/i18n/i18n';

export const SEX_LABELS: Record<(typeof SEX_OPTIONS)[number], MessageId> = {
  male: 'profile-setup.sex.male',
  female: 'profile-setup.sex.female',
  other: 'profile-setup.sex.other',
};

export const STATE_LABELS: Record<(typeof INDIAN_STATES)[number], MessageId> = {
  'Andhra Pradesh': 'profile-setup.state.andhraPradesh',
  'Arunachal Pradesh': 'profile-setup.state.arunachalPradesh',
  Assam: 'profile-setup.state.assam',
  Bihar: 'profile-setup.state.bihar',
  Chhattisgarh: 'profile-setup.state.chhattisgarh',
  Goa: 'profile-setup.state.goa',
  Gujarat: 'profile-setup.state.gujarat',
  Haryana: 'profile-setup.state.haryana',
  'Himachal Pradesh': 'profile-setup.state.himachalPradesh',
  Jharkhand: 'profile-setup.state.jharkhand',
  Karnataka: 'profile-setup.state.karnataka',
  Kerala: 'profile-setup.state.kerala',
  'Madhya Pradesh': 'profile-setup.state.madhyaPradesh',
  Maharashtra: 'profile-setup.state.maharashtra',
  Manipur: 'profile-setup.state.manipur',
  Meghalaya: 'profile-setup.state.meghalaya',
  Mizoram: 'profile-setup.state.mizoram',
  Nagaland: 'profile-setup.state.nagaland',
  Odisha: 'profile-setup.state.odisha',
  Punjab: 'profile-setup.state.punjab',
  Rajasthan: 'profile-setup.state.rajasthan',
  Sikkim: 'profile-setup.state.sikkim',
  'Tamil Nadu': 'profile-setup.state.tamilNadu',
  Telangana: 'profile-setup.state.telangana',
  Tripura: 'profile-setup.state.tripura',
  'Uttar Pradesh': 'profile-setup.state.uttarPradesh',
  Uttarakhand: 'profile-setup.state.uttarakhand',
  'West Bengal': 'profile-setup.state.westBengal',
  'Andaman and Nicobar Islands': 'profile-setup.state.andamanAndNicobarIslands',
  Chandigarh: 'profile-setup.state.chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu': 'profile-setup.state.dadraNagarHaveliDamanDiu',
  Delhi: 'profile-setup.state.delhi',
  'Jammu and Kashmir': 'profile-setup.state.jammuAndKashmir',
  Ladakh: 'profile-setup.state.ladakh',
  Lakshadweep: 'profile-setup.state.lakshadweep',
  Puducherry: 'profile-setup.state.puducherry',
};
