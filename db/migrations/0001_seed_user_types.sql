INSERT INTO `user_types` (`id`, `name`, `description`) VALUES
	(1, 'admin', 'Staff administrators: approve users and process contact submissions'),
	(2, 'token-curious', 'Enquiring about the FACETS token'),
	(3, 'token-holder', 'Existing FACETS token holder'),
	(4, 'license-curious', 'Interested in licensing opportunities'),
	(5, 'licensee', 'Existing licensee'),
	(6, 'partner-curious', 'Interested in partnership opportunities'),
	(7, 'partner', 'Existing partner'),
	(8, 'regulator', 'Regulatory official'),
	(9, 'jobseeker', 'Interested in employment opportunities');
