import { expect } from 'chai';
import { extractGoogleLead, extractMetaLead } from '../../../domain/crm/lead-extraction.js';
import { libphonenumberPhoneNumbers } from '../../../adapters/security/libphonenumber-phone-numbers.js';

const phones = libphonenumberPhoneNumbers('ID');
const normalize = (raw: string) => phones.toE164(raw);

describe('domain/crm lead extraction and phone numbers', () => {
  it('normalises Indonesian numbers to E.164 (08… → +628…) and refuses non-numbers', () => {
    expect(normalize('08123456789')).to.equal('+628123456789');
    expect(normalize('0812-3456-789')).to.equal('+628123456789');
    expect(normalize('+62 812 3456 789')).to.equal('+628123456789');
    expect(normalize('628123456789')).to.equal('+628123456789');
    expect(normalize('0062 812 3456 789')).to.equal('+628123456789');
    expect(normalize('(021) 555-1234')).to.equal('+62215551234');
    expect(normalize('+1 650-555-0123')).to.equal('+16505550123');
    expect(normalize('12')).to.equal(null);
    expect(normalize('n/a')).to.equal(null);
  });

  it('reads Meta field_data: standard names, first/last name, province, WhatsApp first, custom answers kept', () => {
    const d = extractMetaLead(
      [
        { name: 'first_name', values: ['Siti'] },
        { name: 'last_name', values: ['Aminah'] },
        { name: 'phone_number', values: ['021 555 1234'] },
        { name: 'nomor_whatsapp', values: ['0812 1111 2222'] },
        { name: 'email', values: [' SITI@Example.COM '] },
        { name: 'city', values: ['Surabaya'] },
        { name: 'province', values: ['Jawa Timur'] },
        { name: 'kategori', values: ['UTBK'] },
        { name: 'which_class?', values: ['12', 'alumni'] },
        { name: 'empty_one', values: [] },
      ],
      normalize,
    );
    expect(d).to.deep.equal({
      name: 'Siti Aminah',
      phone: '+6281211112222',
      email: 'siti@example.com',
      city: 'Surabaya',
      region: 'Jawa Timur',
      category: 'UTBK',
      answers: [
        { question: 'which_class?', answer: '12, alumni' },
        { question: 'phone_number', answer: '021 555 1234' },
      ],
      isTest: false,
    });
  });

  it('keeps an unparseable phone or email as an answer instead of losing it', () => {
    const d = extractMetaLead(
      [
        { name: 'full_name', values: ['Budi'] },
        { name: 'phone_number', values: ['call after 5'] },
        { name: 'email', values: ['budi at mail'] },
      ],
      normalize,
    );
    expect(d).to.deep.include({ name: 'Budi', phone: null, email: null });
    expect(d.answers).to.deep.equal([
      { question: 'phone_number', answer: 'call after 5' },
      { question: 'email', answer: 'budi at mail' },
    ]);
  });

  it('marks Meta testing-tool leads', () => {
    expect(extractMetaLead([{ name: 'full_name', values: ['<test lead: dummy data for full_name>'] }], normalize).isTest).to.equal(true);
  });

  it('reads Google user_column_data by column_id (and custom columns by name), personal email over work email', () => {
    const d = extractGoogleLead(
      [
        { column_id: 'FULL_NAME', column_name: 'Full Name', string_value: 'John Doe' },
        { column_id: 'WORK_EMAIL', column_name: 'Work email', string_value: 'john@corp.example' },
        { column_id: 'EMAIL', column_name: 'User Email', string_value: 'john@example.com' },
        { column_id: 'PHONE_NUMBER', column_name: 'User Phone', string_value: '+16505550123' },
        { column_id: 'CITY', string_value: 'Yogyakarta' },
        { column_id: 'REGION', string_value: 'DI Yogyakarta' },
        { column_id: 'POSTAL_CODE', column_name: 'Postal Code', string_value: '55281' },
        { column_id: 'QUESTION_1', column_name: 'Program', string_value: 'Kedokteran' },
        { column_id: 'QUESTION_2', column_name: 'What is your budget?', string_value: '5 juta' },
      ],
      normalize,
      true,
    );
    expect(d).to.deep.equal({
      name: 'John Doe',
      phone: '+16505550123',
      email: 'john@example.com',
      city: 'Yogyakarta',
      region: 'DI Yogyakarta',
      category: 'Kedokteran',
      answers: [
        { question: 'Work email', answer: 'john@corp.example' },
        { question: 'Postal Code', answer: '55281' },
        { question: 'What is your budget?', answer: '5 juta' },
      ],
      isTest: true,
    });
  });
});
